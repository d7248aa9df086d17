#version 330 core
// Depth pre-pass: no colour, so later passes shade each pixel once.
void main() {}
