// gzip members through zlib (inflate/deflate with windowBits 15 + 16, the gzip wrapper) and
// zstd frames through libzstd; both decoders walk the file one member/frame at a time so that
// each frame end is known (see log_codec.hpp for why).
#include "records/log_codec.hpp"

#include <zlib.h>
#include <zstd.h>
#include <zstd_errors.h>

#include <algorithm>
#include <memory>
#include <stdexcept>

#include <boost/algorithm/string/predicate.hpp>

#include "engine/core/errors.hpp"

namespace arena::records {

namespace {

constexpr int kGzipWindowBits = 15 + 16;  // zlib: 32 KiB window, gzip header and trailer
constexpr int kZstdLevel = 3;             // libzstd's default level

std::string gzip_member(std::string_view text) {
  z_stream zs{};
  if (deflateInit2(&zs, Z_DEFAULT_COMPRESSION, Z_DEFLATED, kGzipWindowBits, 8,
                   Z_DEFAULT_STRATEGY) != Z_OK) {
    throw std::runtime_error("gzip: deflateInit2 failed");
  }
  std::string out(deflateBound(&zs, static_cast<uLong>(text.size())), '\0');
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  zs.avail_in = static_cast<uInt>(text.size());
  zs.next_out = reinterpret_cast<Bytef*>(out.data());
  zs.avail_out = static_cast<uInt>(out.size());
  const int rc = deflate(&zs, Z_FINISH);
  out.resize(zs.total_out);
  deflateEnd(&zs);
  if (rc != Z_STREAM_END) throw std::runtime_error("gzip: deflate failed");
  return out;
}

std::string zstd_frame(std::string_view text) {
  std::string out(ZSTD_compressBound(text.size()), '\0');
  const std::size_t n = ZSTD_compress(out.data(), out.size(), text.data(), text.size(), kZstdLevel);
  if (ZSTD_isError(n)) throw std::runtime_error(std::string("zstd: ") + ZSTD_getErrorName(n));
  out.resize(n);
  return out;
}

/// gzip: inflate member after member; a member that runs out of input is the torn tail.
void decode_gzip(std::string_view bytes, const std::string& path, DecodedLog& out) {
  z_stream zs{};
  if (inflateInit2(&zs, kGzipWindowBits) != Z_OK) throw std::runtime_error("gzip: inflateInit2 failed");
  const std::unique_ptr<z_stream, int (*)(z_stream*)> guard(&zs, inflateEnd);
  std::size_t start = 0;
  char chunk[1 << 16];
  while (start < bytes.size()) {
    std::string member;
    zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data() + start));
    zs.avail_in = static_cast<uInt>(bytes.size() - start);
    int rc = Z_OK;
    while (rc != Z_STREAM_END) {
      zs.next_out = reinterpret_cast<Bytef*>(chunk);
      zs.avail_out = sizeof chunk;
      rc = inflate(&zs, Z_NO_FLUSH);
      if (rc == Z_DATA_ERROR || rc == Z_NEED_DICT || rc == Z_MEM_ERROR) {
        throw InputError(path + ": byte " + std::to_string(start) + ": corrupt gzip member (" +
                         (zs.msg ? zs.msg : "zlib error") + ")");
      }
      member.append(chunk, sizeof chunk - zs.avail_out);
      if (rc != Z_STREAM_END && zs.avail_in == 0 && zs.avail_out != 0) {
        out.torn_frame = true;
        out.torn_bytes = bytes.size() - start;
        return;
      }
    }
    start = bytes.size() - zs.avail_in;
    out.text += member;
    out.frame_ends.emplace_back(out.text.size(), start);
    inflateReset(&zs);
  }
}

/// zstd: ZSTD_findFrameCompressedSize splits the frames; srcSize_wrong marks a cut frame.
void decode_zstd(std::string_view bytes, const std::string& path, DecodedLog& out) {
  const std::unique_ptr<ZSTD_DCtx, std::size_t (*)(ZSTD_DCtx*)> dctx(ZSTD_createDCtx(),
                                                                     ZSTD_freeDCtx);
  if (!dctx) throw std::runtime_error("zstd: out of memory");
  std::size_t start = 0;
  std::string chunk(ZSTD_DStreamOutSize(), '\0');
  while (start < bytes.size()) {
    const std::size_t size = ZSTD_findFrameCompressedSize(bytes.data() + start, bytes.size() - start);
    if (ZSTD_isError(size)) {
      if (ZSTD_getErrorCode(size) == ZSTD_error_srcSize_wrong) {
        out.torn_frame = true;
        out.torn_bytes = bytes.size() - start;
        return;
      }
      throw InputError(path + ": byte " + std::to_string(start) + ": not a zstd frame (" +
                       ZSTD_getErrorName(size) + ")");
    }
    ZSTD_inBuffer in{bytes.data() + start, size, 0};
    ZSTD_DCtx_reset(dctx.get(), ZSTD_reset_session_only);
    std::size_t rc = 1;
    while (rc != 0) {
      ZSTD_outBuffer o{chunk.data(), chunk.size(), 0};
      rc = ZSTD_decompressStream(dctx.get(), &o, &in);
      if (ZSTD_isError(rc)) {
        throw InputError(path + ": byte " + std::to_string(start) + ": corrupt zstd frame (" +
                         ZSTD_getErrorName(rc) + ")");
      }
      out.text.append(chunk.data(), o.pos);
      if (rc != 0 && in.pos == in.size && o.pos < o.size) {
        throw InputError(path + ": byte " + std::to_string(start) + ": zstd frame ends early");
      }
    }
    start += size;
    out.frame_ends.emplace_back(out.text.size(), start);
  }
}

}  // namespace

LogCodec log_codec_of(const std::string& path) {
  if (boost::algorithm::iends_with(path, ".gz")) return LogCodec::Gzip;
  if (boost::algorithm::iends_with(path, ".zst")) return LogCodec::Zstd;
  return LogCodec::Plain;
}

bool is_log_path(const std::string& path) {
  using boost::algorithm::iends_with;
  return iends_with(path, ".jsonl") || iends_with(path, ".jsonl.gz") ||
         iends_with(path, ".jsonl.zst");
}

std::string compress_frame(LogCodec codec, std::string_view text) {
  switch (codec) {
    case LogCodec::Gzip: return gzip_member(text);
    case LogCodec::Zstd: return zstd_frame(text);
    case LogCodec::Plain: break;
  }
  return std::string(text);
}

std::uint64_t DecodedLog::file_offset(std::uint64_t decoded) const {
  if (frame_ends.empty()) return decoded;
  const auto it = std::upper_bound(frame_ends.begin(), frame_ends.end(),
                                   std::make_pair(decoded, ~std::uint64_t{0}));
  return it == frame_ends.begin() ? 0 : std::prev(it)->second;
}

DecodedLog decode_log(LogCodec codec, std::string_view bytes, const std::string& path) {
  DecodedLog out;
  switch (codec) {
    case LogCodec::Gzip: decode_gzip(bytes, path, out); break;
    case LogCodec::Zstd: decode_zstd(bytes, path, out); break;
    case LogCodec::Plain: out.text = std::string(bytes); break;
  }
  return out;
}

}  // namespace arena::records
