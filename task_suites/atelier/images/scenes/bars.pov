#version 3.7;
global_settings { assumed_gamma 1.0 }
camera { orthographic location <-20, 20 * 0.8165, -20> look_at <0, 2.3, 0> right x*16 up y*10 }
light_source { <-25, 40, -10> color rgb <1, 1, 1> }
light_source { <10, 15, -30> color rgb <0.35, 0.35, 0.4> shadowless }
background { color rgb <0.95, 0.96, 0.98> }
plane { y, -0.3 pigment { color rgb <0.9, 0.92, 0.96> } }
#declare Fin = finish { ambient 0.12 diffuse 0.85 specular 0.2 };
#declare Bar = box { <-0.6, 0, -0.6>, <0.6, 1, 0.6> };
union {
  box { <-6.2, -0.3, -1.2>, <6.2, 0, 1.2> pigment { color rgb <1, 1, 1> } finish { Fin } }
  object { Bar scale <1, 1.6, 1> translate x*-4.8 pigment { color rgb <0.08, 0.3, 1.0> } finish { Fin } }
  object { Bar scale <1, 2.6, 1> translate x*-1.6 pigment { color rgb <0.08, 0.3, 1.0> } finish { Fin } }
  object { Bar scale <1, 3.4, 1> translate x*1.6 pigment { color rgb <0.08, 0.3, 1.0> } finish { Fin } }
  object { Bar scale <1, 5.2, 1> translate x*4.8 pigment { color rgb <1, 0.3, 0.0> } finish { Fin } }
}
