#version 330 core
// Camera/filtered frames. Grey frames live in a GL_R8 texture whose swizzle (R,R,R,1) makes
// them read back as grey RGB here, so one shader serves both formats.
uniform sampler2D uImage;
in vec2 vTexCoord;
out vec4 fragColor;

void main() { fragColor = vec4(texture(uImage, vTexCoord).rgb, 1.0); }
