// Non-template helpers of a tuning run (see tune.hpp).
#include "tune/tune.hpp"

#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>

#include "engine/core/thread_limit.hpp"

namespace arena::tune {

void check_tune_options(const TuneOptions& o) {
  if (!(o.holdout >= 0.0 && o.holdout < 1.0)) {
    throw InputError("--holdout: expected a fraction in [0, 1), got " + std::to_string(o.holdout));
  }
  if (o.skip_plies < 0) throw InputError("--skip-plies: expected >= 0");
  if (o.max_per_game < 0) throw InputError("--max-per-game: expected >= 0 (0 = all)");
  if (!(o.balance >= 0.0)) throw InputError("--balance: expected >= 0 (0 = off)");
  if (o.exact_empties < 1) throw InputError("--exact-empties: expected >= 1");
  if (o.search_depth < 0 || o.search_depth > 64) {
    throw InputError("--search-depth: expected 0 (off) to 64 plies");
  }
  if (!(o.lambda >= 0.0)) throw InputError("--lambda: expected >= 0");
  if (!(o.tie >= 0.0)) throw InputError("--tie: expected >= 0");
  if (o.iterations < 0) throw InputError("--iterations: expected >= 0 (0 = default)");
  if (!(o.learning_rate > 0.0)) throw InputError("--learning-rate: expected > 0");
  core::check_threads("--threads (0 = all cores)", o.threads, 0);
  if (o.loss != "mse" && o.loss != "cross-entropy") {
    throw InputError("--loss: expected 'mse' or 'cross-entropy', got '" + o.loss + "'");
  }
  if (o.solver != "auto" && o.solver != "direct" && o.solver != "iterative") {
    throw InputError("--solver: expected 'auto', 'direct' or 'iterative', got '" + o.solver +
                     "'");
  }
}

std::string label_text(const std::vector<LabelTerm>& terms) {
  if (terms.size() == 1) return label_kind_name(terms[0].kind);
  std::string out;
  for (const auto& t : terms) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", t.weight);
    out += (out.empty() ? "" : ",") + std::string(label_kind_name(t.kind)) + ":" + buf;
  }
  return out;
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

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace arena::tune
