#version 3.7;
global_settings { assumed_gamma 1.0 }
camera { location <1.6, 1.5, -7.5> look_at <0, 0.9, 0> angle 46 right x*image_width/image_height }
light_source { <-8, 10, -10> color rgb <1, 1, 1> }
light_source { <8, 2, -6> color rgb <0.3, 0.9, 1> shadowless }
background { color rgb <0.0, 0.35, 0.38> }
#declare Paint = texture { pigment { color rgb <0.95, 0.04, 0.02> } finish { specular 0.7 roughness 0.01 reflection 0.08 } };
#declare Steel = texture { pigment { color rgb <0.55, 0.57, 0.6> } finish { specular 0.6 roughness 0.02 metallic reflection 0.1 } };
#declare Visor = texture { pigment { color rgb <1, 0.2, 0.75> } finish { emission 0.9 } };
union {
  superellipsoid { <0.25, 0.25> scale <1.4, 1.2, 1.2> translate y*1.4 texture { Paint } }
  box { <-1.15, 1.45, -1.26>, <1.15, 1.95, -1.1> texture { Visor } }
  box { <-0.7, 0.55, -1.24>, <0.7, 0.85, -1.1> texture { Steel } }
  #for (i, 0, 4)
    box { <-0.62 + i * 0.28, 0.58, -1.27>, <-0.52 + i * 0.28, 0.82, -1.2> pigment { color rgb <0.1, 0.1, 0.12> } }
  #end
  cylinder { <-1.4, 1.4, 0>, <-1.7, 1.4, 0>, 0.45 texture { Steel } }
  cylinder { < 1.4, 1.4, 0>, < 1.7, 1.4, 0>, 0.45 texture { Steel } }
  cylinder { <-0.6, 2.5, 0>, <-0.9, 3.3, 0>, 0.06 texture { Steel } }
  cylinder { < 0.6, 2.5, 0>, < 0.9, 3.3, 0>, 0.06 texture { Steel } }
  sphere { <-0.9, 3.3, 0>, 0.14 texture { Visor } }
  sphere { < 0.9, 3.3, 0>, 0.14 texture { Visor } }
  cylinder { <0, -0.2, 0>, <0, 0.3, 0>, 0.45 texture { Steel } }
  superellipsoid { <0.3, 0.3> scale <2.4, 0.9, 1.1> translate y*-1.2 texture { Paint } }
  rotate y*12
}
