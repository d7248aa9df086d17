#include "demo/DemoFile.h"

#include "core/ByteReader.h"
#include "core/Format.h"

namespace cliplab::demo {

core::Result<DemoRecords> splitRecords(std::span<const uint8_t> bytes, const std::string& name) {
    DemoRecords out;
    core::ByteReader in(bytes);
    while (true) {
        const size_t offset = in.offset();
        const size_t number = out.records.size() + 1;
        out.endOffset = offset;
        if (in.remaining() < 8) {
            out.cut =
                in.remaining() == 0
                    ? core::format("cut at byte %zu: no end marker after message %zu", offset, number - 1)
                    : core::format("cut at byte %zu: message %zu has %zu of its 8 header bytes", offset,
                                   number, in.remaining());
            return out;
        }
        const int32_t sequence = in.i32();
        const int32_t length = in.i32();
        if (length == -1) {
            out.endMarker = true;
            out.endOffset = in.offset();
            out.trailingBytes = in.remaining();
            return out;
        }
        if (length < 0 || length > kMaxMessageLength)
            return core::makeError(
                core::format("%s: message %zu at byte %zu: length %d is not 0 to %d (or -1, "
                             "the end marker)",
                             name.c_str(), number, offset, length, kMaxMessageLength));
        if (in.remaining() < size_t(length)) {
            out.cut = core::format("cut at byte %zu: message %zu announces %d bytes, %zu are there", offset,
                                   number, length, in.remaining());
            return out;
        }
        out.records.push_back({sequence, offset, bytes.subspan(in.offset(), size_t(length))});
        in.skip(size_t(length));
    }
}

} // namespace cliplab::demo
