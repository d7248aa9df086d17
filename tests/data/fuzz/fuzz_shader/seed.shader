// A seed written for the fuzzer: every keyword the parser knows, in a few shapes.
textures/seed/grate
{
	surfaceparm trans
	surfaceparm metalsteps
	cull none
	{
		map textures/seed/grate.tga
		alphaFunc GE128
		depthWrite
		rgbGen identity
	}
	{
		map $lightmap
		blendFunc GL_DST_COLOR GL_ZERO
		depthFunc equal
	}
}
"textures/seed/name with spaces"
{
	deformVertexes wave 100 sin 0 3 0 0.5
	{
		animMap 8 textures/seed/a.tga textures/seed/b.tga textures/seed/c.tga
		tcMod scroll 0.1 -0.2//touching comment
		tcMod scale 2 2
		tcMod rotate 30
		tcMod turb 0 0.25 0 0.1
		rgbGen wave triangle 0.5 0.5 0 1
		blendFunc add
	}
}
textures/seed/sky
{
	surfaceparm sky
	surfaceparm noimpact
	skyparms env/seed/sky 512 -
	sort 2
	{ clampMap textures/seed/clouds.tga
	  blendFunc blend rgbGen vertex unknownKeyword 1 2 3 }
}
