#version 300 es
// Anti-aliased grid lines every metre (strong) and every 10 cm (faint), fading with distance.
precision highp float;
in vec3 v_world;
uniform vec3 u_camera;
out vec4 frag_color;
float grid_line(vec2 p, float spacing) {
  vec2 coord = p / spacing;
  vec2 d = abs(fract(coord - 0.5) - 0.5) / fwidth(coord);
  return 1.0 - min(min(d.x, d.y), 1.0);
}
void main() {
  float major = grid_line(v_world.xy, 1.0);
  float minor = grid_line(v_world.xy, 0.1) * 0.35;
  float fade = exp(-0.04 * distance(v_world, u_camera));
  vec3 ground = vec3(0.93, 0.94, 0.96);
  vec3 line = vec3(0.55, 0.58, 0.64);
  frag_color = vec4(mix(ground, line, max(major, minor) * fade), 1.0);
}
