#version 3.7;
global_settings { assumed_gamma 1.0 }
camera { orthographic location <0, 20, 0> look_at <0, 0, 0> right x*16 up z*10 }
light_source { <-6, 20, 8> color rgb <1, 1, 1> area_light <2, 0, 0>, <0, 0, 2>, 3, 3 }
light_source { <5, 15, -5> color rgb <0.3, 0.3, 0.3> shadowless }
plane { y, 0 pigment { color rgb <0.96, 0.93, 0.86> } }
#declare Fin = finish { ambient 0.1 diffuse 0.85 specular 0.25 };
// notebook, closed, navy with an elastic band
box { <-7, 0, -3.8>, <-2.4, 0.35, 2.6> pigment { color rgb <0.01, 0.03, 0.45> } finish { Fin } }
box { <-3.2, 0.35, -3.8>, <-3.0, 0.38, 2.6> pigment { color rgb <0.9, 0.03, 0.01> } finish { Fin } }
// three pencils side by side
#for (i, 0, 2)
  union {
    cylinder { <-1.2, 0.2, 0>, <3.2, 0.2, 0>, 0.2 }
    cone { <3.2, 0.2, 0>, 0.2, <3.9, 0.2, 0>, 0.02 pigment { color rgb <0.85, 0.7, 0.5> } }
    cylinder { <-1.5, 0.2, 0>, <-1.2, 0.2, 0>, 0.2 pigment { color rgb <1, 0.5, 0.6> } }
    pigment { color rgb <1, 0.8, 0.05> } finish { Fin }
    translate z*(2.0 - i * 0.7)
  }
#end
// ruler
box { <-1.5, 0, -2.0>, <4.0, 0.08, -1.2> pigment { color rgb <0.75, 0.85, 0.95> } finish { Fin } }
#for (i, 0, 21)
  box { <-1.35 + i * 0.25, 0.08, -2.0>, <-1.31 + i * 0.25, 0.09, -2.0 + (mod(i, 4) = 0 ? 0.4 : 0.2)> pigment { color rgb 0.1 } }
#end
// eraser
superellipsoid { <0.3, 0.3> scale <0.7, 0.25, 0.45> translate <0.2, 0.25, -3.4> pigment { color rgb <1, 0.2, 0.35> } finish { Fin } }
// coffee mug from above
difference {
  cylinder { <5.6, 0, -1.6>, <5.6, 1.4, -1.6>, 1.2 }
  cylinder { <5.6, 0.3, -1.6>, <5.6, 1.5, -1.6>, 1.05 }
  pigment { color rgb <0.0, 0.4, 0.35> } finish { Fin }
}
cylinder { <5.6, 0, -1.6>, <5.6, 1.1, -1.6>, 1.05 pigment { color rgb <0.3, 0.16, 0.07> } }
torus { 0.45, 0.12 rotate x*90 translate <6.95, 0.8, -1.6> pigment { color rgb <0.0, 0.4, 0.35> } finish { Fin } }
// phone, screen down
superellipsoid { <0.2, 0.2> scale <0.9, 0.15, 1.8> translate <5.6, 0.15, 2.2> pigment { color rgb <0.15, 0.15, 0.17> } finish { Fin } }
