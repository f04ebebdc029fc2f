#version 300 es
// Ground grid: a large quad in the z = 0 plane (z down in the bicycle's frame; the view matrix maps it),
// moved under the camera's target by whole metres (u_offset) so the ground never ends however far the
// bicycle rides; the lines are computed in the quad's own coordinates (v_world), where they fall on the
// same whole-metre positions.
precision highp float;
layout(location = 0) in vec3 a_position;
uniform mat4 u_view_projection;
uniform vec2 u_offset;
out vec3 v_world;
void main() {
  v_world = a_position;
  gl_Position = u_view_projection * vec4(a_position + vec3(u_offset, 0.0), 1.0);
}
