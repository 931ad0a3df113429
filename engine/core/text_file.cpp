#include "engine/core/text_file.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

#include "engine/core/errors.hpp"

namespace arena::core {

std::string read_text_file(const std::string& path, const std::string& what) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot open " + what + " (missing or unreadable file)");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void write_text_file(const std::string& path, const std::string& text) {
  namespace fs = std::filesystem;
  const fs::path target(path);
  std::error_code ec;
  if (target.has_parent_path()) fs::create_directories(target.parent_path(), ec);
  const fs::path tmp = target.string() + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << text;
    out.flush();
    if (!out) throw InputError(where(path, 0) + "cannot write the file");
  }
  fs::rename(tmp, target, ec);
  if (ec) throw InputError(where(path, 0) + "cannot write the file: " + ec.message());
}

}  // namespace arena::core
