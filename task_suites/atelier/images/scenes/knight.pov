#version 3.7;
global_settings { assumed_gamma 1.0 }
camera { location <1.5, 1.8, -7.5> look_at <0, 1.2, 0> angle 44 right x*image_width/image_height }
light_source { <-7, 9, -9> color rgb <1, 0.97, 0.9> }
light_source { <8, 3, -2> color rgb <0.4, 0.5, 0.9> shadowless }
background { color rgb <0.35, 0.05, 0.08> }
#declare Steel = texture { pigment { color rgb <0.62, 0.64, 0.68> } finish { specular 0.9 roughness 0.01 metallic reflection 0.25 } };
#declare Gold = texture { pigment { color rgb <1, 0.72, 0.1> } finish { specular 0.7 metallic reflection 0.1 } };
union {
  // helmet: a cylinder with a domed top and a T-shaped dark eye slot
  difference {
    union { cylinder { <0, 0.4, 0>, <0, 2.2, 0>, 1.0 } sphere { <0, 2.2, 0>, 1.0 } }
    box { <-0.75, 1.55, -1.2>, <0.75, 1.75, -0.5> }
    box { <-0.1, 0.8, -1.2>, <0.1, 1.6, -0.5> }
    texture { Steel }
  }
  box { <-0.74, 1.56, -0.7>, <0.74, 1.74, -0.6> pigment { color rgb 0.02 } }
  box { <-0.09, 0.81, -0.7>, <0.09, 1.6, -0.6> pigment { color rgb 0.02 } }
  torus { 1.0, 0.06 translate y*2.2 texture { Gold } }
  // red plume
  #for (i, 0, 6)
    sphere { <0, 3.25 + i * 0.05, 0.9 - i * 0.35>, 0.32 - i * 0.02 pigment { color rgb <0.85, 0.03, 0.05> } finish { specular 0.2 } }
  #end
  // gorget and pauldrons
  cylinder { <0, 0.0, 0>, <0, 0.45, 0>, 0.8 texture { Steel } }
  superellipsoid { <0.4, 0.4> scale <2.4, 0.8, 1.2> translate y*-0.9 texture { Steel } }
  sphere { <-1.95, -0.3, 0>, 0.75 texture { Steel } }
  sphere { < 1.95, -0.3, 0>, 0.75 texture { Steel } }
  // gold cross on the chest
  box { <-0.12, -1.6, -1.25>, <0.12, -0.5, -1.15> texture { Gold } }
  box { <-0.45, -1.0, -1.25>, <0.45, -0.78, -1.15> texture { Gold } }
  rotate y*8
}
