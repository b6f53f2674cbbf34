#version 330 core
// Overlays painted by QPainter into a premultiplied RGBA image; blended with
// glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA), scaled by uOpacity.
uniform sampler2D uOverlay;
uniform float uOpacity;
in vec2 vTexCoord;
out vec4 fragColor;

void main() { fragColor = texture(uOverlay, vTexCoord) * uOpacity; }
