#version 330 core
// A textured rectangle without vertex buffers: gl_VertexID 0..3 as a triangle strip.
// uRect = (left, bottom, right, top) in normalised device coordinates. Image row 0 is its top
// row, and it was uploaded first, so it sits at t = 0: the top of the rectangle gets t = 0.
uniform vec4 uRect;
out vec2 vTexCoord;

void main() {
  vec2 corner = vec2(gl_VertexID & 1, gl_VertexID >> 1);  // (0,0) (1,0) (0,1) (1,1)
  vec2 position = mix(uRect.xy, uRect.zw, corner);
  vTexCoord = vec2(corner.x, 1.0 - corner.y);
  gl_Position = vec4(position, 0.0, 1.0);
}
