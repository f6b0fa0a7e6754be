#version 3.7;
global_settings { assumed_gamma 1.0 }
camera { orthographic location <-20, 20 * 0.8165, -20> look_at <0, 3.0, 0> right x*13 up y*8.125 }
light_source { <-25, 40, -10> color rgb <1, 1, 1> }
light_source { <10, 15, -30> color rgb <0.3, 0.3, 0.35> shadowless }
background { color rgb <0.06, 0.08, 0.16> }
#declare Fin = finish { ambient 0.15 diffuse 0.85 specular 0.3 };
#declare Slab = superellipsoid { <0.15, 0.15> scale <2.6, 0.22, 2.6> };
object { Slab translate y*0.5 pigment { color rgb <0.55, 0.1, 0.9> } finish { Fin } }
object { Slab translate y*2.0 pigment { color rgb <0.05, 0.4, 1.0> } finish { Fin } }
object { Slab translate y*3.5 pigment { color rgb <0.0, 0.75, 0.65> } finish { Fin } }
object { Slab translate y*5.0 pigment { color rgb <1.0, 0.55, 0.0> } finish { Fin } }
#for (i, 0, 2)
  cylinder { <-1.8, 0.72 + i * 1.5, -1.8>, <-1.8, 1.78 + i * 1.5, -1.8>, 0.06 pigment { color rgb <0.9, 0.95, 1> } finish { emission 0.6 } }
  cylinder { < 1.8, 0.72 + i * 1.5, -1.8>, < 1.8, 1.78 + i * 1.5, -1.8>, 0.06 pigment { color rgb <0.9, 0.95, 1> } finish { emission 0.6 } }
  cylinder { <-1.8, 0.72 + i * 1.5,  1.8>, <-1.8, 1.78 + i * 1.5,  1.8>, 0.06 pigment { color rgb <0.9, 0.95, 1> } finish { emission 0.6 } }
  cylinder { < 1.8, 0.72 + i * 1.5,  1.8>, < 1.8, 1.78 + i * 1.5,  1.8>, 0.06 pigment { color rgb <0.9, 0.95, 1> } finish { emission 0.6 } }
#end
