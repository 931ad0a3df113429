// Opening specs and openings files: the game-independent part of selfplay/openings.hpp.
#include "selfplay/openings.hpp"

#include <cctype>
#include <charconv>

namespace arena::selfplay {

OpeningSpec parse_opening_spec(const std::string& text) {
  OpeningSpec spec;
  constexpr std::string_view kRandom = "random:";
  if (text.rfind(kRandom, 0) != 0) {
    spec.file = text;
    return spec;
  }
  const std::string_view k = std::string_view(text).substr(kRandom.size());
  const auto [ptr, ec] = std::from_chars(k.data(), k.data() + k.size(), spec.random_plies);
  if (ec != std::errc() || ptr != k.data() + k.size() || k.empty() || spec.random_plies < 0 ||
      spec.random_plies > 60) {
    throw InputError("--openings: '" + text + "' (expected random:K with 0 <= K <= 60, or a file)");
  }
  return spec;
}

OpeningOrder parse_opening_order(const std::string& text) {
  if (text == "sequential") return OpeningOrder::Sequential;
  if (text == "random") return OpeningOrder::Random;
  throw InputError("--opening-order: '" + text + "' (expected sequential or random)");
}

const char* opening_order_name(OpeningOrder order) {
  return order == OpeningOrder::Sequential ? "sequential" : "random";
}

std::vector<std::string> split_words(std::string_view text) {
  std::vector<std::string> words;
  std::string word;
  for (const char c : text) {
    if (c == ' ' || c == '\t' || c == ',' || c == '\r' || c == '\n') {
      if (!word.empty()) words.push_back(std::move(word));
      word.clear();
    } else {
      word += c;
    }
  }
  if (!word.empty()) words.push_back(std::move(word));
  return words;
}

bool starts_with_nocase(std::string_view text, std::string_view prefix) {
  if (prefix.size() > text.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(text[i])) !=
        std::tolower(static_cast<unsigned char>(prefix[i]))) {
      return false;
    }
  }
  return true;
}

}  // namespace arena::selfplay
