#version 3.7;
// Hand positions; compose_im_d.py's robot() declares them to pose the arms.
#ifndef (LeftHand) #declare LeftHand = <-1.7, 2.0, 0>; #end
#ifndef (RightHand) #declare RightHand = <1.9, 4.3, 0>; #end
global_settings { assumed_gamma 1.0 }
camera { location <0, 3.6, -15> look_at <0, 2.9, 0> angle 42 right x*image_width/image_height }
light_source { <-6, 10, -8> color rgb <1, 1, 1> }
light_source { <6, 4, -6> color rgb <0.35, 0.45, 0.6> shadowless }
background { color rgb <0.02, 0.04, 0.2> }
plane { y, 0
  pigment { checker color rgb <0.05, 0.07, 0.15> color rgb <0.08, 0.11, 0.22> scale 1 }
  finish { reflection 0.25 specular 0.3 } }
#declare Metal = texture { pigment { color rgb <0.75, 0.77, 0.8> } finish { specular 0.8 roughness 0.02 reflection 0.15 metallic } };
#declare Orange = texture { pigment { color rgb <1, 0.3, 0.0> } finish { specular 0.5 } };
#declare Glow = texture { pigment { color rgb <0.1, 0.95, 1> } finish { emission 1 } };
union {
  // legs and feet
  cylinder { <-0.55, 0.35, 0>, <-0.55, 1.6, 0>, 0.22 texture { Metal } }
  cylinder { < 0.55, 0.35, 0>, < 0.55, 1.6, 0>, 0.22 texture { Metal } }
  box { <-0.9, 0, -0.55>, <-0.2, 0.35, 0.4> texture { Orange } }
  box { < 0.2, 0, -0.55>, < 0.9, 0.35, 0.4> texture { Orange } }
  // body with an orange chest panel and three buttons
  box { <-1.1, 1.6, -0.6>, <1.1, 3.6, 0.6> texture { Metal } }
  box { <-0.6, 2.2, -0.62>, <0.6, 3.2, -0.55> texture { Orange } }
  sphere { <-0.3, 2.7, -0.63>, 0.12 texture { Glow } }
  sphere { < 0.0, 2.7, -0.63>, 0.12 pigment { color rgb <1, 0.1, 0.1> } finish { emission 0.8 } }
  sphere { < 0.3, 2.7, -0.63>, 0.12 texture { Glow } }
  // arms
  cylinder { <-1.1, 3.3, 0>, LeftHand, 0.18 texture { Metal } }
  cylinder { < 1.1, 3.3, 0>, RightHand, 0.18 texture { Metal } }
  sphere { LeftHand, 0.3 texture { Orange } }
  sphere { RightHand, 0.3 texture { Orange } }
  // neck, round head, two glowing eyes, antenna with a red tip
  cylinder { <0, 3.6, 0>, <0, 3.9, 0>, 0.25 texture { Metal } }
  sphere { <0, 4.55, 0>, 0.75 texture { Metal } }
  sphere { <-0.28, 4.65, -0.65>, 0.16 texture { Glow } }
  sphere { < 0.28, 4.65, -0.65>, 0.16 texture { Glow } }
  cylinder { <0, 5.3, 0>, <0, 5.9, 0>, 0.05 texture { Metal } }
  sphere { <0, 6.0, 0>, 0.15 pigment { color rgb <1, 0.1, 0.1> } finish { emission 0.8 } }
  rotate y*-20
}
