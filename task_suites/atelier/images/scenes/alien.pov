#version 3.7;
global_settings { assumed_gamma 1.0 }
camera { location <0, 1.3, -7> look_at <0, 0.9, 0> angle 42 right x*image_width/image_height }
light_source { <-6, 8, -8> color rgb <1, 1, 1> }
light_source { <7, 3, -4> color rgb <0.9, 0.4, 1> shadowless }
background { color rgb <0.22, 0.06, 0.35> }
#declare Skin = texture { pigment { color rgb <0.35, 0.85, 0.25> } finish { specular 0.4 roughness 0.03 } };
#declare Suit = texture { pigment { color rgb <0.75, 0.77, 0.82> } finish { specular 0.8 roughness 0.02 metallic reflection 0.12 } };
#declare Eye = texture { pigment { color rgb <0.02, 0.02, 0.03> } finish { specular 1 roughness 0.005 reflection 0.25 } };
union {
  sphere { <0, 0, 0>, 1 scale <1.35, 1.55, 1.2> translate y*1.6 texture { Skin } }
  sphere { <0, 0, 0>, 1 scale <0.42, 0.22, 0.2> rotate z*-25 translate <-0.55, 1.55, -1.05> texture { Eye } }
  sphere { <0, 0, 0>, 1 scale <0.42, 0.22, 0.2> rotate z*25 translate <0.55, 1.55, -1.05> texture { Eye } }
  torus { 0.18, 0.03 rotate x*90 scale <1, 0.4, 1> translate <0, 0.75, -1.12> pigment { color rgb <0.1, 0.3, 0.08> } }
  cylinder { <0, -0.5, 0>, <0, 0.4, 0>, 0.45 texture { Skin } }
  superellipsoid { <0.35, 0.35> scale <2.3, 0.8, 1.1> translate y*-1.1 texture { Suit } }
  torus { 0.6, 0.12 translate y*-0.32 texture { Suit } }
}
