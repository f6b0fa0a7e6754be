#version 3.7;
global_settings { assumed_gamma 1.0 }
camera { orthographic location <-20, 20 * 0.8165, -20> look_at <0, 1.2, 0> right x*15 up y*9.375 }
light_source { <-25, 40, -10> color rgb <1, 1, 1> }
light_source { <10, 15, -30> color rgb <0.3, 0.3, 0.35> shadowless }
background { color rgb <0.93, 0.95, 0.98> }
plane { y, 0 pigment { color rgb <0.9, 0.92, 0.96> } }
#declare Fin = finish { ambient 0.12 diffuse 0.85 specular 0.2 };
#declare Rack = union {
  box { <-0.8, 0, -0.6>, <0.8, 2.8, 0.6> pigment { color rgb <0.12, 0.14, 0.2> } finish { Fin } }
  #for (i, 0, 4)
    box { <-0.7, 0.3 + i * 0.5, -0.62>, <0.7, 0.6 + i * 0.5, -0.6> pigment { color rgb <0.2, 0.24, 0.32> } finish { Fin } }
    sphere { <0.5, 0.45 + i * 0.5, -0.64>, 0.06 pigment { color rgb <0.1, 1, 0.4> } finish { emission 1 } }
  #end
};
object { Rack translate <-4, 0, 0> }
object { Rack translate <0, 0, -4> }
object { Rack translate <4, 0, 0> }
cylinder { <0, 0, 0>, <0, 1.4, 0>, 1.1 pigment { color rgb <0.05, 0.45, 1> } finish { Fin } }
cylinder { <-3.2, 0.15, 0>, <-1.1, 0.15, 0>, 0.15 pigment { color rgb <1, 0.55, 0> } finish { Fin } }
cylinder { < 3.2, 0.15, 0>, < 1.1, 0.15, 0>, 0.15 pigment { color rgb <1, 0.55, 0> } finish { Fin } }
cylinder { <0, 0.15, -3.4>, <0, 0.15, -1.1>, 0.15 pigment { color rgb <1, 0.55, 0> } finish { Fin } }
