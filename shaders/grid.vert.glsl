#version 300 es
// Ground grid: a large quad in the z = 0 plane (z down in the bicycle's frame; the view matrix maps it).
precision highp float;
layout(location = 0) in vec3 a_position;
uniform mat4 u_view_projection;
out vec3 v_world;
void main() {
  v_world = a_position;
  gl_Position = u_view_projection * vec4(a_position, 1.0);
}
