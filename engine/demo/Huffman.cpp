#include "demo/Huffman.h"

#include <algorithm>
#include <cassert>

namespace cliplab::demo {

namespace {

constexpr std::array<int32_t, 256> kCounts = {
    250315, 41193, 6292, 7106,  3730, 3750, 6110, 23283, 33317, 6950, 7838, 9714, 9257, 17259, 3949,  1778,
    8288,   1604,  1590, 1663,  1100, 1213, 1238, 1134,  1749,  1059, 1246, 1149, 1273, 4486,  2805,  3472,
    21819,  1159,  1670, 1066,  1043, 1012, 1053, 1070,  1726,  888,  1180, 850,  960,  780,   1752,  3296,
    10630,  4514,  5881, 2685,  4650, 3837, 2093, 1867,  2584,  1949, 1972, 940,  1134, 1788,  1670,  1206,
    5719,   6128,  7222, 6654,  3710, 3795, 1492, 1524,  2215,  1140, 1355, 971,  2180, 1248,  1328,  1195,
    1770,   1078,  1264, 1266,  1168, 965,  1155, 1186,  1347,  1228, 1529, 1600, 2617, 2048,  2546,  3275,
    2410,   3585,  2504, 2800,  2675, 6146, 3663, 2840,  14253, 3164, 2221, 1687, 3208, 2739,  3512,  4796,
    4091,   3515,  5288, 4016,  7937, 6031, 5360, 3924,  4892,  3743, 4566, 4807, 5852, 6400,  6225,  8291,
    23243,  7838,  7073, 8935,  5437, 4483, 3641, 5256,  5312,  5328, 5370, 3492, 2458, 1694,  1821,  2121,
    1916,   1149,  1516, 1367,  1236, 1029, 1258, 1104,  1245,  1006, 1149, 1025, 1241, 952,   1287,  997,
    1713,   1009,  1187, 879,   1099, 929,  1078, 951,   1656,  930,  1153, 1030, 1262, 1062,  1214,  1060,
    1621,   930,   1106, 912,   1034, 892,  1158, 990,   1175,  850,  1121, 903,  1087, 920,   1144,  1056,
    3462,   2240,  4397, 12136, 7758, 1345, 1307, 3278,  1950,  886,  1023, 1112, 1077, 1042,  1061,  1071,
    1484,   1001,  1096, 915,   1052, 995,  1070, 876,   1111,  851,  1059, 805,  1112, 923,   1103,  817,
    1899,   1872,  976,  841,   1127, 956,  1159, 950,   7791,  954,  1289, 933,  1127, 3207,  1020,  927,
    1355,   768,   1040, 745,   952,  805,  1073, 740,   1013,  805,  1008, 796,  996,  1057,  11457, 13504,
};

/// The adaptive coder the game builds its fixed code with. Nodes live in a rank order (lowest
/// weight first, the not-yet-transmitted leaf always at rank 0); nodes of equal weight form a
/// block whose leader is its highest-ranked member. Blocks are numbered slots, reused last freed
/// first, because the game's coder shares one leader slot between the members of a block and
/// reuses freed slots in that order: matching it keeps the tie-breaking, hence the tree, the same.
class AdaptiveTree {
public:
    struct Node {
        int32_t parent = -1, left = -1, right = -1;
        int32_t weight = 0;
        int32_t symbol = -1; ///< -1 for inner nodes.
        int32_t block = -1;
    };

    AdaptiveTree() {
        m_nodes.push_back(Node{-1, -1, -1, 0, HuffmanCode::kNotYetTransmitted, -1});
        m_rank.push_back(0);
        m_position.push_back(0);
        m_pathIndex.push_back(-1);
        m_leaf.fill(-1);
    }

    /// Counts one more occurrence of `symbol`.
    void add(int symbol) {
        if (m_leaf[size_t(symbol)] < 0)
            addFirst(symbol);
        else
            increment(m_leaf[size_t(symbol)]);
    }

    /// Counts `count` more occurrences of `symbol`: the same tree as `count` add() calls. Runs of
    /// updates that only add to the weights on the symbol's path (no node meets a neighbour of its
    /// weight, so nothing moves and every block keeps its slot) are done at once.
    void add(int symbol, int32_t count) {
        while (count > 0) {
            const int32_t leaf = m_leaf[size_t(symbol)];
            const int32_t run = leaf < 0 ? 0 : quietRun(leaf, count);
            if (run == 0) {
                add(symbol);
                --count;
                continue;
            }
            for (int32_t n = leaf; n >= 0; n = m_nodes[size_t(n)].parent) {
                m_nodes[size_t(n)].weight += run;
                m_leader[size_t(m_nodes[size_t(n)].block)] = n;
            }
            count -= run;
        }
    }

    const std::vector<Node>& nodes() const { return m_nodes; }
    int32_t root() const { return m_root; }

private:
    int32_t next(int32_t n) const {
        const size_t p = size_t(m_position[size_t(n)]) + 1;
        return p < m_rank.size() ? m_rank[p] : -1;
    }
    int32_t prev(int32_t n) const {
        const int32_t p = m_position[size_t(n)];
        return p > 0 ? m_rank[size_t(p - 1)] : -1;
    }
    int32_t newBlock(int32_t leader) {
        if (!m_freeBlocks.empty()) {
            const int32_t b = m_freeBlocks.back();
            m_freeBlocks.pop_back();
            m_leader[size_t(b)] = leader;
            return b;
        }
        m_leader.push_back(leader);
        return int32_t(m_leader.size() - 1);
    }
    /// Exchanges the ranks of two nodes.
    void swapRanks(int32_t a, int32_t b) {
        std::swap(m_rank[m_position[size_t(a)]], m_rank[m_position[size_t(b)]]);
        std::swap(m_position[size_t(a)], m_position[size_t(b)]);
    }
    /// Exchanges the places of two subtrees: a's parent slot gets b, then b's old parent slot
    /// gets a. For two children of one parent this leaves `a` on the left, as the game's coder does.
    void swapPlaces(int32_t a, int32_t b) {
        const int32_t pa = m_nodes[size_t(a)].parent, pb = m_nodes[size_t(b)].parent;
        replaceChild(pa, a, b);
        replaceChild(pb, b, a);
        m_nodes[size_t(a)].parent = pb;
        m_nodes[size_t(b)].parent = pa;
    }
    void replaceChild(int32_t parent, int32_t from, int32_t to) {
        if (parent < 0) {
            m_root = to;
            return;
        }
        Node& p = m_nodes[size_t(parent)];
        if (p.left == from)
            p.left = to;
        else
            p.right = to;
    }

    /// A symbol seen for the first time: the not-yet-transmitted leaf becomes an inner node's left
    /// child, the new leaf its right child; both new nodes take the ranks just above it.
    void addFirst(int symbol) {
        const int32_t nyt = 0;
        const int32_t leaf = int32_t(m_nodes.size());
        const int32_t inner = leaf + 1;
        m_nodes.push_back(Node{-1, -1, -1, 1, symbol, -1});
        m_nodes.push_back(Node{m_nodes[nyt].parent, nyt, leaf, 1, -1, -1});
        m_rank.insert(m_rank.begin() + 1, {leaf, inner});
        m_position.resize(m_nodes.size());
        m_pathIndex.resize(m_nodes.size(), -1);
        for (size_t p = 0; p < m_rank.size(); ++p)
            m_position[size_t(m_rank[p])] = int32_t(p);
        const int32_t above = next(inner);
        m_nodes[size_t(inner)].block =
            above >= 0 && m_nodes[size_t(above)].weight == 1 ? m_nodes[size_t(above)].block : newBlock(inner);
        m_nodes[size_t(leaf)].block = m_nodes[size_t(inner)].block;
        replaceChild(m_nodes[nyt].parent, nyt, inner);
        m_nodes[nyt].parent = inner;
        m_nodes[size_t(leaf)].parent = inner;
        m_leaf[size_t(symbol)] = leaf;
        if (m_nodes[size_t(inner)].parent >= 0)
            increment(m_nodes[size_t(inner)].parent);
    }

    /// How many of the next `limit` increments of `leaf` change nothing but the weights on its
    /// path: for each path node x, at the moment it is raised, the node ranked above it is heavier
    /// and stays heavier after x gains one (no swap, no shared block), and the node ranked below it
    /// is lighter (x leads a block of its own); a parent never ranks just below its child. Path
    /// nodes gain one per increment (those below x in the path before x in each increment);
    /// the neighbours off the path keep their weight, which is what limits the run. 0: none.
    int32_t quietRun(int32_t leaf, int32_t limit) {
        m_path.clear();
        for (int32_t n = leaf; n >= 0; n = m_nodes[size_t(n)].parent)
            m_path.push_back(n);
        for (size_t i = 0; i < m_path.size(); ++i)
            m_pathIndex[size_t(m_path[i])] = int32_t(i);
        int32_t run = limit;
        for (size_t i = 0; i < m_path.size() && run > 0; ++i) {
            const int32_t x = m_path[i];
            const int64_t wx = m_nodes[size_t(x)].weight;
            const int32_t above = next(x), below = prev(x);
            if (below >= 0 && below == m_nodes[size_t(x)].parent)
                run = 0;
            if (above >= 0) {
                const int64_t wa = m_nodes[size_t(above)].weight;
                const int32_t at = onPath(above);
                if (at >= 0)
                    run = wa + (size_t(at) < i ? 1 : 0) > wx + 1 ? run : 0;
                else
                    run = int32_t(std::min<int64_t>(run, std::max<int64_t>(0, wa - wx - 1)));
            }
            if (below >= 0) {
                const int64_t wb = m_nodes[size_t(below)].weight;
                const int32_t at = onPath(below);
                if (wb + (at >= 0 && size_t(at) < i ? 1 : 0) >= wx)
                    run = 0;
            }
        }
        for (int32_t n : m_path)
            m_pathIndex[size_t(n)] = -1;
        return run;
    }

    /// Index of `n` in m_path, or -1.
    int32_t onPath(int32_t n) const { return m_pathIndex[size_t(n)]; }

    /// Adds one to a node's weight and to each of its ancestors', keeping the ranks ordered by
    /// weight. Done bottom-up; then, top-down, each node is moved back above a parent that ended up
    /// ranked just below it (a parent must rank above its children).
    void increment(int32_t first) {
        m_path.clear();
        for (int32_t n = first; n >= 0; n = m_nodes[size_t(n)].parent) {
            raise(n);
            m_path.push_back(n);
        }
        for (size_t i = m_path.size(); i-- > 0;) {
            const int32_t n = m_path[i];
            const int32_t parent = m_nodes[size_t(n)].parent;
            if (parent >= 0 && prev(n) == parent) {
                swapRanks(n, parent);
                int32_t& leader = m_leader[size_t(m_nodes[size_t(n)].block)];
                if (leader == n)
                    leader = parent;
            }
        }
    }

    /// One node's share of increment(): to the top of its block, then one heavier.
    void raise(int32_t n) {
        Node& node = m_nodes[size_t(n)];
        const int32_t above = next(n);
        if (above >= 0 && m_nodes[size_t(above)].weight == node.weight) {
            // Move to the top of the block first, so the weight can grow without breaking the order.
            const int32_t leader = m_leader[size_t(node.block)];
            if (leader != node.parent)
                swapPlaces(leader, n);
            swapRanks(leader, n);
        }
        const int32_t below = prev(n);
        const bool leaves =
            !(below >= 0 && m_nodes[size_t(below)].weight == node.weight); // alone in its block
        if (!leaves)
            m_leader[size_t(node.block)] = below;
        ++node.weight;
        const int32_t upper = next(n);
        const bool joins = upper >= 0 && m_nodes[size_t(upper)].weight == node.weight;
        if (joins) {
            if (leaves)
                m_freeBlocks.push_back(node.block);
            node.block = m_nodes[size_t(upper)].block;
        } else if (leaves) {
            m_leader[size_t(node.block)] = n; // freed and taken again at once (last freed, first reused)
        } else {
            node.block = newBlock(n);
        }
    }

    std::vector<Node> m_nodes;
    std::vector<int32_t> m_rank;     ///< Node at each rank, lowest first.
    std::vector<int32_t> m_position; ///< Rank of each node.
    std::vector<int32_t> m_leader;   ///< Leader of each block slot.
    std::vector<int32_t> m_freeBlocks;
    std::vector<int32_t> m_path;      ///< increment()'s and quietRun()'s nodes, bottom-up.
    std::vector<int32_t> m_pathIndex; ///< Index of each node in m_path (-1 when not on it).
    std::array<int32_t, 256> m_leaf{};
    int32_t m_root = 0;
};

} // namespace

const std::array<int32_t, 256>& huffmanCounts() {
    return kCounts;
}

HuffmanCode::HuffmanCode(std::span<const int32_t, 256> counts, BuildSteps steps) {
    AdaptiveTree tree;
    for (int symbol = 0; symbol < 256; ++symbol) {
        if (steps == BuildSteps::Runs) {
            tree.add(symbol, counts[size_t(symbol)]);
            continue;
        }
        for (int32_t k = 0; k < counts[size_t(symbol)]; ++k)
            tree.add(symbol);
    }
    m_nodes.reserve(tree.nodes().size());
    for (const AdaptiveTree::Node& n : tree.nodes())
        m_nodes.push_back(Node{n.left, n.right, n.left < 0 ? n.symbol : -1});
    m_root = tree.root();
    buildCodes();
}

std::optional<HuffmanCode> HuffmanCode::fromCodes(std::span<const Code, 256> codes) {
    HuffmanCode out;
    out.m_nodes.push_back(Node{});
    out.m_root = 0;
    for (int symbol = 0; symbol < 256; ++symbol) {
        const Code& c = codes[size_t(symbol)];
        if (c.length < 1 || c.length > 32)
            return std::nullopt;
        int32_t node = 0;
        for (int i = 0; i < c.length; ++i) {
            if (out.m_nodes[size_t(node)].symbol >= 0)
                return std::nullopt; // a shorter code is a prefix of this one
            const bool one = (c.bits >> i) & 1u;
            int32_t child = one ? out.m_nodes[size_t(node)].right : out.m_nodes[size_t(node)].left;
            if (child < 0) {
                child = int32_t(out.m_nodes.size());
                (one ? out.m_nodes[size_t(node)].right : out.m_nodes[size_t(node)].left) = child;
                out.m_nodes.push_back(Node{});
            }
            node = child;
        }
        Node& leaf = out.m_nodes[size_t(node)];
        if (leaf.left >= 0 || leaf.right >= 0 || leaf.symbol >= 0)
            return std::nullopt; // this code is a prefix of another, or repeated
        leaf.symbol = symbol;
    }
    // A complete code over 257 leaves leaves exactly one child of an inner node empty: the spare leaf.
    int32_t spare = -1;
    const size_t nodes = out.m_nodes.size();
    for (size_t n = 0; n < nodes; ++n) {
        Node& node = out.m_nodes[n];
        if (node.symbol >= 0)
            continue;
        for (int32_t* child : {&node.left, &node.right}) {
            if (*child >= 0)
                continue;
            if (spare >= 0)
                return std::nullopt;
            spare = int32_t(out.m_nodes.size());
            *child = spare;
        }
    }
    if (spare < 0)
        return std::nullopt;
    out.m_nodes.push_back(Node{-1, -1, kNotYetTransmitted});
    out.buildCodes();
    return out;
}

void HuffmanCode::buildCodes() {
    m_leaf.fill(-1);
    // Depth-first from the root with each node's code so far (first bit in bit 0).
    struct Item {
        int32_t node;
        uint32_t code;
        int length;
    };
    std::vector<Item> stack{{m_root, 0u, 0}};
    while (!stack.empty()) {
        const Item it = stack.back();
        stack.pop_back();
        const Node& n = m_nodes[size_t(it.node)];
        if (n.left < 0) {
            m_leaf[size_t(n.symbol)] = it.node;
            if (n.symbol < 256) {
                m_code[size_t(n.symbol)] = it.code;
                m_length[size_t(n.symbol)] = uint8_t(it.length);
                m_maxLength = std::max(m_maxLength, it.length);
            }
            continue;
        }
        assert(it.length < 32);
        stack.push_back({n.left, it.code, it.length + 1});
        stack.push_back({n.right, it.code | (1u << it.length), it.length + 1});
    }
    // Every table index whose low bits start a code of at most kTableBits bits decodes at once;
    // the others remember the node reached after kTableBits bits.
    m_table.assign(size_t(1) << kTableBits, TableEntry{});
    for (uint32_t index = 0; index < m_table.size(); ++index) {
        int32_t node = m_root;
        int used = 0;
        while (m_nodes[size_t(node)].left >= 0 && used < kTableBits) {
            node = (index >> used) & 1u ? m_nodes[size_t(node)].right : m_nodes[size_t(node)].left;
            ++used;
        }
        TableEntry& e = m_table[index];
        if (m_nodes[size_t(node)].left < 0) {
            e.value = int16_t(m_nodes[size_t(node)].symbol);
            e.length = uint8_t(used);
        } else {
            e.value = int16_t(node);
            e.length = 0;
        }
    }
}

HuffmanCode::Decoded HuffmanCode::decode(std::span<const uint8_t> data, size_t bit, size_t endBit) const {
    endBit = std::min(endBit, data.size() * 8);
    if (bit >= endBit)
        return {};
    // Up to kTableBits bits from `bit` on, zeros past the data (codes are prefix-free: a code that
    // ends before the data does is found correctly; one that would need bits past endBit is refused).
    uint32_t window = 0;
    const size_t byte = bit >> 3;
    if (byte + 2 < data.size()) {
        window = uint32_t(data[byte]) | uint32_t(data[byte + 1]) << 8 | uint32_t(data[byte + 2]) << 16;
    } else {
        for (size_t k = 0; byte + k < data.size(); ++k)
            window |= uint32_t(data[byte + k]) << (8 * k);
    }
    window >>= bit & 7;
    const TableEntry& e = m_table[window & ((1u << kTableBits) - 1)];
    if (e.length > 0) {
        if (bit + e.length > endBit)
            return {};
        return {e.value, e.length};
    }
    int32_t node = e.value;
    size_t at = bit + kTableBits;
    while (m_nodes[size_t(node)].left >= 0) {
        if (at >= endBit)
            return {};
        const bool one = (data[at >> 3] >> (at & 7)) & 1u;
        node = one ? m_nodes[size_t(node)].right : m_nodes[size_t(node)].left;
        ++at;
    }
    return {m_nodes[size_t(node)].symbol, int(at - bit)};
}

int HuffmanCode::codeLength(int symbol) const {
    return symbol >= 0 && symbol < 256 ? m_length[size_t(symbol)] : 0;
}

uint32_t HuffmanCode::code(int symbol) const {
    return symbol >= 0 && symbol < 256 ? m_code[size_t(symbol)] : 0u;
}

} // namespace cliplab::demo
