#version 3.7;
global_settings { assumed_gamma 1.0 }
camera { location <-2, 3.4, -12> look_at <0.4, 1.9, 0> angle 40 right x*image_width/image_height }
light_source { <-6, 10, -8> color rgb <1, 1, 1> }
light_source { <7, 4, -5> color rgb <0.4, 0.5, 0.7> shadowless }
background { color rgb <0.85, 0.92, 0.97> }
plane { y, 0 pigment { color rgb <0.95, 0.88, 0.7> } }
#declare Body = texture { pigment { color rgb <1, 0.75, 0.0> } finish { specular 0.6 roughness 0.02 } };
#declare Joint = texture { pigment { color rgb <0.15, 0.15, 0.18> } finish { specular 0.5 } };
union {
  superellipsoid { <0.3, 0.3> scale <1.8, 0.7, 0.8> translate y*2.0 texture { Body } }
  #for (I, -1, 1, 2)
    #for (J, -1, 1, 2)
      cylinder { <I * 1.3, 1.5, J * 0.55>, <I * 1.3, 0.3, J * 0.55>, 0.16 texture { Joint } }
      sphere { <I * 1.3, 0.25, J * 0.55>, 0.28 texture { Body } }
    #end
  #end
  superellipsoid { <0.3, 0.3> scale <0.7, 0.6, 0.6> translate <2.2, 2.9, 0> texture { Body } }
  box { <2.4, 2.85, -0.62>, <2.95, 3.15, 0.62> pigment { color rgb <0.05, 0.05, 0.08> } finish { specular 0.8 } }
  sphere { <2.92, 3.0, -0.3>, 0.1 pigment { color rgb <0.2, 0.9, 1> } finish { emission 1 } }
  sphere { <2.92, 3.0, 0.3>, 0.1 pigment { color rgb <0.2, 0.9, 1> } finish { emission 1 } }
  box { <1.9, 3.35, -0.5>, <2.2, 3.9, -0.3> texture { Joint } }
  box { <1.9, 3.35, 0.3>, <2.2, 3.9, 0.5> texture { Joint } }
  cylinder { <-1.8, 2.3, 0>, <-2.6, 3.2, 0>, 0.1 texture { Joint } }
  sphere { <-2.6, 3.2, 0>, 0.18 pigment { color rgb <1, 0.15, 0.1> } finish { emission 0.5 } }
  rotate y*30
}
