#version 3.7;
global_settings { assumed_gamma 1.0 }
camera { location <0, 9, -11> look_at <0, 0.2, 0> angle 42 right x*image_width/image_height }
light_source { <-8, 14, -10> color rgb <1, 1, 1> }
light_source { <10, 6, -8> color rgb <0.35, 0.35, 0.4> shadowless }
background { color rgb <0.97, 0.97, 0.99> }
plane { y, 0 pigment { color rgb <0.94, 0.95, 0.98> } }
#declare Fin = finish { ambient 0.1 diffuse 0.85 specular 0.25 };
#macro Slice(A0, A1, Col, Out)
  #local Mid = radians((A0 + A1) / 2);
  intersection {
    cylinder { <0, 0, 0>, <0, 0.9, 0>, 3 }
    plane { <sin(radians(A0)), 0, -cos(radians(A0))>, 0 }
    plane { <-sin(radians(A1)), 0, cos(radians(A1))>, 0 }
    pigment { color Col } finish { Fin }
    translate <cos(Mid) * Out, 0, sin(Mid) * Out>
  }
#end
Slice(0, 162, rgb <0.08, 0.3, 1.0>, 0)
Slice(162, 270, rgb <0.1, 0.7, 0.35>, 0)
Slice(270, 324, rgb <1, 0.82, 0.1>, 0)
Slice(324, 360, rgb <0.95, 0.1, 0.1>, 0.9)
