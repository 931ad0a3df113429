// Non-template parts of `arena tune --method book` (see book.hpp).
#include "tune/book.hpp"

#include <filesystem>

namespace arena::tune {

std::vector<std::string> book_method_lines(const TuneOptions& o, const TuneReport& report) {
  return {"method book: " + std::to_string(report.book_positions) + " positions, " +
          std::to_string(report.book_moves) + " moves: the moves played in at least " +
          std::to_string(o.book_games) + " of the " + std::to_string(report.sampling.games) +
          " games at a position before ply " + std::to_string(o.book_plies) +
          ", valued by negamax through the book over " +
          (o.book_depth > 0 ? "searches of its " + std::to_string(report.sampling.searched) +
                                  " leaves at depth " + std::to_string(o.book_depth) + " (" +
                                  std::to_string(report.sampling.search_nodes) + " nodes)"
                            : std::string("the mean final scores of its leaves")) +
          " (tune/book.hpp)"};
}

void write_book_config(const TuneOptions& o, const core::EngineConfig& init,
                       const std::string& book_text, const std::vector<std::string>& comments,
                       TuneReport& report) {
  namespace fs = std::filesystem;
  const fs::path book = fs::path(o.out).replace_extension(".book");
  core::write_text_file(book.string(), book_text);
  core::EngineConfig out = relative_side_files(init, o.out);
  out.name = report.name;
  out.book_file = book.filename().string();
  core::write_text_file(o.out, core::format_engine_config(out, comments));
  report.out = o.out;
  report.weights_file = book.string();
}

}  // namespace arena::tune
