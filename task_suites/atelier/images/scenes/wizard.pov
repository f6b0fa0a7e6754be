#version 3.7;
global_settings { assumed_gamma 1.0 }
camera { location <0, 3.2, -18> look_at <0, 3.0, 0> angle 38 right x*image_width/image_height }
light_source { <-6, 10, -9> color rgb <1, 0.95, 0.85> }
light_source { <6, 3, -6> color rgb <0.3, 0.35, 0.7> shadowless }
background { color rgb <0.05, 0.04, 0.15> }
plane { y, 0 pigment { color rgb <0.12, 0.45, 0.04> } finish { diffuse 0.8 } }
#declare Robe = texture { pigment { color rgb <0.15, 0.1, 0.6> } finish { specular 0.2 } };
#declare Skin = texture { pigment { color rgb <1, 0.78, 0.62> } finish { specular 0.2 } };
#declare Gold = texture { pigment { color rgb <1, 0.75, 0.1> } finish { specular 0.6 metallic } };
union {
  cone { <0, 0, 0>, 1.5, <0, 3.2, 0>, 0.45 texture { Robe } }
  sphere { <0, 3.75, 0>, 0.62 texture { Skin } }
  cone { <0, 3.45, -0.45>, 0.5, <0, 2.2, -0.75>, 0.05 pigment { color rgb <0.97, 0.97, 0.97> } }
  torus { 0.95, 0.12 translate y*4.2 texture { Robe } }
  cone { <0, 4.2, 0>, 0.78, <0.35, 6.3, 0.2>, 0 texture { Robe } }
  #for (i, 0, 5)
    sphere { <0.08 * i, 4.55 + i * 0.28, -0.6 + i * 0.07>, 0.08 texture { Gold } }
  #end
  sphere { <-0.22, 3.85, -0.56>, 0.07 pigment { color rgb 0.05 } }
  sphere { < 0.22, 3.85, -0.56>, 0.07 pigment { color rgb 0.05 } }
  cylinder { <1.5, 0, -0.3>, <1.5, 4.6, -0.3>, 0.08 pigment { color rgb <0.45, 0.28, 0.12> } }
  sphere { <1.5, 4.8, -0.3>, 0.3 pigment { color rgb <0.3, 1, 1> } finish { emission 0.9 } }
  cylinder { <0.6, 2.4, -0.5>, <1.45, 2.6, -0.35>, 0.16 texture { Robe } }
  rotate y*-15
}
