#pragma once
/// \file Huffman.h
/// The game's fixed Huffman code for network and demo messages. Quake 3 builds it once at start-up
/// by feeding an adaptive Huffman coder (the FGK scheme: nodes kept in rank order, a node swapped
/// with the highest-ranked node of its weight before it is incremented) each byte value 0-255 as
/// many times as a table of 256 counts says, in byte order; the tree that comes out is the code
/// every message uses. Reproducing the tree needs the same tie-breaking as the game's coder, so
/// this builds it by running the same adaptive updates (docs/demos.md).

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace cliplab::demo {

/// The 256 byte counts the game's code is built from (from ioquake3's msg.c: how often each byte
/// value occurred in a sample of traffic).
const std::array<int32_t, 256>& huffmanCounts();

/// A decoding tree plus a lookup table for short codes.
class HuffmanCode {
public:
    /// Symbol of the leaf that marks "not yet transmitted" in the adaptive coder. A fixed-tree
    /// message never codes it; meeting it means the bits are not a message.
    static constexpr int kNotYetTransmitted = 256;

    /// How the adaptive updates are made: the same tree either way.
    enum class BuildSteps {
        Runs,   ///< Runs of updates that only add to weights at once (0.48 G instructions for the game's).
        Single, ///< One update per count, as the game does (0.66 G instructions): the reference.
    };

    /// Builds the tree by feeding `counts[b]` times each byte b, in byte order, to an adaptive coder
    /// that starts empty. Deterministic. Counts must be >= 0; every byte with a zero count gets no code.
    explicit HuffmanCode(std::span<const int32_t, 256> counts, BuildSteps steps = BuildSteps::Runs);

    /// One byte's code.
    struct Code {
        uint32_t bits = 0;  ///< The code, first bit in bit 0.
        uint8_t length = 0; ///< Bits, 1-32.
    };

    /// The tree of a prefix code given by each byte's code; the one place no code reaches becomes
    /// the spare leaf. Nothing when the codes are not a complete prefix code over 257 leaves.
    static std::optional<HuffmanCode> fromCodes(std::span<const Code, 256> codes);

    /// The game's own code (huffmanCounts()), shared and immutable. Running the adaptive updates
    /// takes about 0.5-0.7 G instructions, so the build does it once (the cliplab_huffman_table tool,
    /// one update per count) and this makes the tree from those codes; tests check both agree.
    static const HuffmanCode& game();

    /// Outcome of decoding one symbol.
    struct Decoded {
        int symbol = -1; ///< 0-255, kNotYetTransmitted, or -1 when the bits ran out.
        int length = 0;  ///< Bits used (when symbol >= 0).
    };

    /// Decodes the code starting at bit `bit` of `data` (bit i is bit i % 8 of byte i / 8, least
    /// significant first, as the game writes them), reading no bit at or after `endBit`.
    Decoded decode(std::span<const uint8_t> data, size_t bit, size_t endBit) const;

    /// Code length of byte `symbol` (bits; 0 when it has none).
    int codeLength(int symbol) const;
    /// The code of byte `symbol`, first bit in bit 0 (valid for codeLength(symbol) bits).
    uint32_t code(int symbol) const;
    /// Longest code (bits).
    int maxLength() const { return m_maxLength; }

private:
    HuffmanCode() = default;
    /// Bits looked up at once; longer codes continue by walking the tree from the table's node.
    static constexpr int kTableBits = 10;
    struct TableEntry {
        int16_t value = -1; ///< Symbol when length > 0, else the node to continue from.
        uint8_t length = 0; ///< Code length when it fits the table, else 0.
    };
    struct Node {
        int32_t left = -1, right = -1; ///< Children (-1 for a leaf).
        int32_t symbol = -1;           ///< Leaf symbol, -1 for an inner node.
    };
    void buildCodes();

    std::vector<Node> m_nodes;
    int32_t m_root = -1;
    std::array<int32_t, 257> m_leaf{};  ///< Node of each symbol (-1 when absent).
    std::array<uint32_t, 256> m_code{}; ///< First bit in bit 0.
    std::array<uint8_t, 256> m_length{};
    std::vector<TableEntry> m_table;
    int m_maxLength = 0;
};

} // namespace cliplab::demo
