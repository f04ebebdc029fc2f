#version 300 es
// Shape-revealing lighting: a key light from above and in front, a weaker fill from the other side, a sky/ground
// hemisphere ambient and a soft highlight; two-sided so open tubes and ground ribbons light from either side.
// "Up" is -z in the bicycle's frame.
precision highp float;
in vec3 v_world;
in vec3 v_normal;
in vec4 v_color;
uniform vec3 u_camera;
out vec4 frag_color;
void main() {
  vec3 n = normalize(v_normal);
  vec3 view = normalize(u_camera - v_world);
  if (dot(n, view) < 0.0) n = -n;
  vec3 key = normalize(vec3(0.45, -0.55, -0.75));
  vec3 fill = normalize(vec3(-0.6, 0.7, -0.25));
  float diffuse = max(dot(n, key), 0.0);
  float filled = 0.3 * max(dot(n, fill), 0.0);
  float hemi = 0.5 - 0.5 * n.z;
  vec3 ambient = mix(vec3(0.26, 0.25, 0.24), vec3(0.52, 0.57, 0.66), hemi);
  vec3 h = normalize(key + view);
  float highlight = 0.28 * pow(max(dot(n, h), 0.0), 40.0);
  float rim = 0.12 * pow(1.0 - max(dot(n, view), 0.0), 3.0);
  vec3 color = v_color.rgb * (0.75 * ambient + 0.8 * diffuse + filled) + highlight + rim;
  frag_color = vec4(color, v_color.a);
}
