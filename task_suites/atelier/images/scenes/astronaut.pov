#version 3.7;
global_settings { assumed_gamma 1.0 }
camera { location <1.2, 1.6, -7.2> look_at <0, 1.1, 0> angle 44 right x*image_width/image_height }
light_source { <-7, 9, -9> color rgb <1, 1, 1> }
light_source { <8, 2, -3> color rgb <1, 0.55, 0.2> shadowless }
background { color rgb <0.01, 0.01, 0.03> }
#for (i, 0, 60)
  sphere { <mod(i * 37, 23) - 11, mod(i * 17, 13) - 2, 12>, 0.04 pigment { color rgb 1 } finish { emission 1 } }
#end
#declare Suit = texture { pigment { color rgb <0.92, 0.92, 0.9> } finish { specular 0.3 roughness 0.05 } };
union {
  sphere { <0, 1.5, 0>, 1.3 texture { Suit } }
  intersection {
    sphere { <0, 1.5, 0>, 1.32 }
    box { <-1.0, 0.9, -2>, <1.0, 2.1, 0> }
    pigment { color rgb <0.9, 0.6, 0.1> } finish { specular 1 roughness 0.002 reflection 0.55 metallic }
  }
  torus { 0.95, 0.15 translate y*0.2 texture { Suit } }
  superellipsoid { <0.4, 0.4> scale <2.3, 0.95, 1.2> translate y*-1.0 texture { Suit } }
  box { <-0.5, -0.6, -1.22>, <0.5, -0.1, -1.1> pigment { color rgb <0.1, 0.2, 0.6> } }
  sphere { <-0.25, -0.35, -1.25>, 0.09 pigment { color rgb <1, 0.1, 0.1> } finish { emission 0.6 } }
  sphere { < 0.0, -0.35, -1.25>, 0.09 pigment { color rgb <0.1, 1, 0.3> } finish { emission 0.6 } }
  sphere { < 0.25, -0.35, -1.25>, 0.09 pigment { color rgb <1, 0.8, 0.1> } finish { emission 0.6 } }
  box { <1.2, -0.7, -1.15>, <1.8, -0.3, -1.05> pigment { color rgb <0.85, 0.1, 0.1> } }
  rotate y*10
}
