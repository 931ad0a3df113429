// The game-free steps of `arena tune --method mpc` (see mpc.hpp): options and report, the
// fits of the searched values, the written config.
#include "tune/mpc.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iterator>

#include "engine/core/text_file.hpp"

namespace arena::tune {

std::vector<DepthPair> start_mpc_fit(const TuneOptions& o, const core::EngineConfig& init,
                                     std::string_view game, TuneReport& report) {
  check_tune_options(o);
  std::vector<DepthPair> pairs = parse_mpc_pairs(o.mpc_pairs);
  report.game = std::string(game);
  report.init = o.init;
  report.features = init.features;
  report.method = "mpc";
  report.name = o.name.empty() ? init.name + "-mpc" : o.name;
  return pairs;
}

int deepest(const std::vector<DepthPair>& pairs) {
  int max_depth = 0;
  for (const DepthPair& d : pairs) max_depth = std::max(max_depth, d.deep);
  return max_depth;
}

std::vector<core::MpcPair> fit_mpc_pairs(const std::vector<DepthPair>& pairs, const MpcValues& v,
                                         TuneReport& report) {
  std::vector<core::MpcPair> fits;
  for (const DepthPair& d : pairs) {
    core::MpcPair pair{d.deep, d.shallow, {}};
    std::string line = std::to_string(d.deep) + ":" + std::to_string(d.shallow) +
                       " (stage positions slope intercept sigma):";
    for (int s = 0; s < v.stages; ++s) {
      std::vector<double> x;
      std::vector<double> y;
      for (std::size_t i = 0; i < v.stage_of.size(); ++i) {
        if (v.stage_of[i] != s) continue;
        x.push_back(v.at(i, d.shallow));
        y.push_back(v.at(i, d.deep));
      }
      const core::MpcFit f = fit_mpc_line(x, y, kMinMpcPositions);
      pair.stages.push_back({std::round(f.slope * 1e4) / 1e4, std::round(f.intercept * 10) / 10,
                             std::round(f.sigma * 10) / 10});
      char buf[96];
      std::snprintf(buf, sizeof buf, " %d %zu %.3f %.1f %.1f;", s, x.size(), f.slope, f.intercept,
                    f.sigma);
      line += buf;
    }
    line.pop_back();
    report.mpc_fits.push_back(line);
    fits.push_back(std::move(pair));
  }
  return fits;
}

std::vector<core::MpcPair> merge_mpc_pairs(const std::vector<core::MpcPair>& kept,
                                           std::vector<core::MpcPair> fitted) {
  std::vector<core::MpcPair> out;
  for (const core::MpcPair& k : kept) {
    const bool replaced = std::any_of(fitted.begin(), fitted.end(),
                                      [&](const core::MpcPair& f) { return f.depth == k.depth; });
    if (!replaced) out.push_back(k);
  }
  std::move(fitted.begin(), fitted.end(), std::back_inserter(out));
  std::stable_sort(out.begin(), out.end(), [](const core::MpcPair& a, const core::MpcPair& b) {
    return a.depth < b.depth;
  });
  return out;
}

void write_mpc_config(const TuneOptions& o, const core::EngineConfig& init,
                      core::EngineConfig out, TuneReport& report, std::size_t positions,
                      int max_depth) {
  out = relative_side_files(std::move(out), o.out);
  std::vector<std::string> comments;
  comments.push_back("method mpc: " + std::to_string(positions) + " positions (seed " +
                     std::to_string(o.seed) + ", skip " + std::to_string(o.skip_plies) +
                     " plies, max " + std::to_string(o.max_per_game) +
                     " per game) searched to depths 0-" + std::to_string(max_depth) +
                     " by the start config (exact solver off, Multi-ProbCut " +
                     (o.mpc_selective ? "on: its pairs kept" : "off") + "), " +
                     std::to_string(report.sampling.search_nodes) + " nodes; a stage with under " +
                     std::to_string(kMinMpcPositions) + " positions gets no check (sigma 0)");
  for (const auto& l : report.mpc_fits) comments.push_back("fit " + l);
  core::write_text_file(o.out, core::format_engine_config(
                             out, provenance_comments(o, init, report, std::move(comments))));
  report.out = o.out;
}

}  // namespace arena::tune
