// The game's Huffman code from the codes the build made by running the adaptive updates on the
// game's counts (HuffmanTableMain.cpp writes HuffmanGameCodes.inc; tests check the two agree).
#include "demo/Huffman.h"

namespace cliplab::demo {

namespace {

constexpr HuffmanCode::Code kGameCodes[256] = {
#include "HuffmanGameCodes.inc"
};

} // namespace

const HuffmanCode& HuffmanCode::game() {
    // A table that is not a complete prefix code (it never is: the build writes it from a tree)
    // would still give the right code, the slow way.
    static const HuffmanCode code = [] {
        std::optional<HuffmanCode> fromTable = fromCodes(kGameCodes);
        return fromTable ? std::move(*fromTable) : HuffmanCode(huffmanCounts(), BuildSteps::Runs);
    }();
    return code;
}

} // namespace cliplab::demo
