// cliplab_huffman_table OUT: runs the adaptive Huffman updates on the game's 256 counts, one update
// per count as the game does at start-up, and writes each byte's code to OUT as C initialisers
// ({bits, length}, byte order) for HuffmanGame.cpp. Run by the build (engine/demo/CMakeLists.txt).
#include "demo/Huffman.h"

#include <cstdio>

int main(int argc, char** argv) {
    using cliplab::demo::HuffmanCode;
    if (argc != 2) {
        std::fprintf(stderr, "usage: cliplab_huffman_table OUT\n");
        return 2;
    }
    const HuffmanCode code(cliplab::demo::huffmanCounts(), HuffmanCode::BuildSteps::Single);
    std::FILE* out = std::fopen(argv[1], "w");
    if (!out) {
        std::fprintf(stderr, "cliplab_huffman_table: %s: cannot write file\n", argv[1]);
        return 1;
    }
    std::fprintf(out,
                 "// Written by cliplab_huffman_table from the game's byte counts: {code bits, length}.\n");
    for (int s = 0; s < 256; ++s)
        std::fprintf(out, "{0x%xu, %d}, // byte %d\n", unsigned(code.code(s)), code.codeLength(s), s);
    const bool ok = std::fclose(out) == 0;
    if (!ok)
        std::fprintf(stderr, "cliplab_huffman_table: %s: cannot write file\n", argv[1]);
    return ok ? 0 : 1;
}
