// The byte layer under the game-log reader and writer: plain JSON Lines, gzip (`.gz`) or
// Zstandard (`.zst`), told by the file name. A compressed log is a concatenation of complete
// gzip members (RFC 1952, section 2.2: "a gzip file consists of a series of members") or zstd
// frames (RFC 8878, section 3.1: frames are independent and may be concatenated); the
// self-play writer emits one member/frame per game line, so a log cut by a crash holds complete
// frames plus at most one torn frame at the end. Decoding stops before that torn frame and
// reports where the intact bytes end, which is where a resumed run truncates and appends.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace arena::records {

/// How a log's bytes are stored.
enum class LogCodec { Plain, Gzip, Zstd };

/// The codec a log path names: "*.gz" -> Gzip, "*.zst" -> Zstd, anything else Plain.
[[nodiscard]] LogCodec log_codec_of(const std::string& path);

/// Whether a file name is a game log's: "*.jsonl", "*.jsonl.gz" or "*.jsonl.zst".
[[nodiscard]] bool is_log_path(const std::string& path);

/// `text` as one complete gzip member or zstd frame (Plain: `text` itself). Throws
/// std::runtime_error when the library fails (out of memory).
[[nodiscard]] std::string compress_frame(LogCodec codec, std::string_view text);

/// A log's bytes decoded.
struct DecodedLog {
  std::string text;               ///< the decoded text of the complete frames
  bool torn_frame = false;        ///< the file ends inside a frame (dropped)
  std::uint64_t torn_bytes = 0;   ///< compressed bytes of that torn frame
  /// Frame ends as (decoded offset, file offset), ascending; {text.size(), intact bytes} last.
  std::vector<std::pair<std::uint64_t, std::uint64_t>> frame_ends;

  /// The file offset to truncate to so that the decoded text keeps exactly its first
  /// `decoded` bytes, rounded down to a frame end (Plain: `decoded` itself).
  [[nodiscard]] std::uint64_t file_offset(std::uint64_t decoded) const;
};

/// Decodes `bytes` of a file stored with `codec`. A frame cut short by the end of the data is
/// reported as torn (not an error); corrupt data inside a frame throws InputError
/// "<path>: byte N: ..." naming the frame's file offset.
[[nodiscard]] DecodedLog decode_log(LogCodec codec, std::string_view bytes, const std::string& path);

}  // namespace arena::records
