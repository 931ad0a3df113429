#include "engine/registry/run_tune.hpp"

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include <tbb/global_control.h>
#include <tbb/info.h>

#include "engine/core/engine_config.hpp"
#include "engine/core/errors.hpp"
#include "engine/registry/games.hpp"
#include "selfplay/log_check.hpp"
#include "tune/book.hpp"
#include "tune/inputs.hpp"
#include "tune/mpc.hpp"
#include "tune/options.hpp"
#include "tune/record_inputs.hpp"
#include "tune/report.hpp"
#include "tune/tune.hpp"

namespace arena::tune {

namespace {

/// Calls RecordInputs<G>::check for every game of the list that binds record readers.
template <class... Gs>
void check_record_inputs(const TuneOptions& options, GameList<Gs...>) {
  const auto check = [&]<class G>() {
    if constexpr (HasRecordInputs<G>) RecordInputs<G>::check(options);
  };
  (check.template operator()<Gs>(), ...);
}

/// The description (RecordInputs<G>::kDescription) of the game of the list whose records
/// `path` is one of, "" when none claims it.
template <class... Gs>
std::string record_inputs_owner(const std::string& path, GameList<Gs...>) {
  std::string owner;
  const auto visit = [&]<class G>() {
    if constexpr (HasRecordInputs<G>) {
      if (owner.empty() && RecordInputs<G>::reads(path)) owner = RecordInputs<G>::kDescription;
    }
  };
  (visit.template operator()<Gs>(), ...);
  return owner;
}

/// The --label-cache files of this run, read: one for each kind of label the run computes,
/// in this order: exact solves (key "exact"), then searches (key "search depth D config HASH
/// (NAME)", HASH the --init file's). Throws InputError naming --label-cache when the number
/// of files differs from the kinds computed, and as load_label_cache does.
template <class G>
LabelCaches load_label_caches(const TuneOptions& o, const core::EngineConfig& init,
                              const std::string& rules) {
  LabelCaches caches;
  if (o.label_cache.empty()) return caches;
  bool exact = false;
  bool search = false;
  for (const auto& term : parse_label(o.label)) {
    exact = exact || needs_exact_solves(term.kind);
    search = search || (term.kind == LabelKind::Search && o.search_depth > 0);
  }
  const std::size_t kinds = (exact ? 1U : 0U) + (search ? 1U : 0U);
  if (kinds == 0) {
    throw InputError("--label-cache: label '" + o.label +
                     "' computes no labels to cache (exact, or search with --search-depth)");
  }
  if (o.label_cache.size() != kinds) {
    throw InputError("--label-cache: label '" + o.label + "' computes " +
                     (kinds == 2 ? "exact and search labels: expected 2 files (the exact "
                                   "solves' first, then the searches')"
                                 : std::string(exact ? "exact" : "search") +
                                       " labels: expected 1 file") +
                     ", got " + std::to_string(o.label_cache.size()));
  }
  const auto load = [&](const std::string& path, const std::string& key) {
    LabelCache cache = load_label_cache<G>(path, key);
    cache.game = std::string(G::kName);
    cache.rules = rules;
    return cache;
  };
  if (exact) caches.exact = load(o.label_cache.front(), "exact");
  if (search) {
    caches.search = load(o.label_cache.back(), "search depth " + std::to_string(o.search_depth) +
                                                   " config " + file_hash(o.init) + " (" +
                                                   init.name + ")");
  }
  return caches;
}

}  // namespace

TuneReport run_tune(const TuneOptions& options, const Progress& progress) {
  const auto start = std::chrono::steady_clock::now();
  const Progress sink = options.quiet ? Progress{} : progress;
  check_tune_options(options);
  const auto terms = parse_label(options.label);
  // Resigned games have a result but no final score: only result and search labels use them
  // (a book's moves are scored by the final scores).
  const bool need_final_score =
      options.method == FitMethod::Book ||
      std::any_of(terms.begin(), terms.end(), [](const LabelTerm& t) {
        return t.kind == LabelKind::Score || needs_exact_solves(t.kind);
      });
  check_record_inputs(options, AllGames{});
  if (options.games.empty() && options.positions.empty()) {
    throw InputError("--games: expected at least one game log or record file (or --positions)");
  }
  const int threads =
      options.threads > 0 ? options.threads : tbb::info::default_concurrency();
  const tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                                  static_cast<std::size_t>(threads));
  const core::EngineConfig init = core::load_engine_config(options.init);
  TuneReport report;
  with_game(init.game, [&]<class G>() {
    std::vector<TrainingGame> games;
    for (const auto& path : options.games) {
      InputSummary summary;
      std::vector<TrainingGame> more;
      bool own_records = false;
      if constexpr (HasRecordInputs<G>) own_records = RecordInputs<G>::reads(path);
      const std::string other_records =
          own_records ? std::string() : record_inputs_owner(path, AllGames{});
      if (own_records) {
        if constexpr (HasRecordInputs<G>) more = RecordInputs<G>::read(path, options, summary);
      } else if (!other_records.empty()) {
        throw InputError(where(path, 0) + other_records + " but " + options.init +
                         " is a config for '" + std::string(G::kName) + "'");
      } else {
        more = read_log_games(path, std::string(G::kName), summary,
                              [&path](const records::LogFile& log) {
                                selfplay::check_games<G>(log.run, log.games, where(path, 1));
                              },
                              need_final_score);
      }
      if (sink) {
        sink("tune: read " + path + ": " + std::to_string(summary.games) + " games (" +
             std::to_string(summary.skipped) + " skipped)");
      }
      games.insert(games.end(), std::make_move_iterator(more.begin()),
                   std::make_move_iterator(more.end()));
      report.inputs.push_back(std::move(summary));
    }
    std::vector<std::pair<typename G::Position, int>> labelled;
    for (const auto& path : options.positions) {
      auto more = read_positions<G>(path);
      if (sink) sink("tune: read " + path + ": " + std::to_string(more.size()) + " positions");
      InputSummary summary;
      summary.path = path;
      summary.kind = "positions";
      summary.hash = file_hash(path);
      report.inputs.push_back(std::move(summary));
      labelled.insert(labelled.end(), more.begin(), more.end());
    }
    LabelCaches caches =
        load_label_caches<G>(options, init, games.empty() ? "" : games.front().rules);
    report.read_seconds = detail::seconds_since(start);
    if (options.method == FitMethod::Book) {
      if (!options.positions.empty()) {
        throw InputError("--positions: --method book learns from the moves of --games only");
      }
      report.method = "book";
      tune_book<G>(options, init, games, report, sink);
      return;
    }
    if (options.method == FitMethod::Mpc) {
      if (!options.positions.empty()) {
        throw InputError("--positions: --method mpc searches the positions of --games only");
      }
      tune_mpc<G>(options, init, games, report, sink);
      return;
    }
    // The labels are most of a large fit's time: a fit that fails after computing them (too
    // few positions for the weights, an unwritable output) keeps them for the next run.
    const auto keep_labels = [&] {
      save_label_cache(caches.exact);
      save_label_cache(caches.search);
    };
    try {
      tune_game<G>(options, init, games, report, sink, labelled, &caches);
    } catch (...) {
      keep_labels();
      throw;
    }
    keep_labels();
    for (const LabelCache* cache : {&caches.exact, &caches.search}) {
      if (sink && !cache->path.empty()) {
        sink("tune: label cache " + cache->path + ": " + std::to_string(cache->hits) +
             " labels reused, " + std::to_string(cache->added) + " added");
      }
    }
  });
  report.seconds = detail::seconds_since(start);
  return report;
}

}  // namespace arena::tune
