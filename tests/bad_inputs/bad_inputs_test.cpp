// The bad-input corpus (tests/bad_inputs/cases.txt): each case is a command line run against
// the built `arena` with one hostile but fair input. Every case must end within 20 s with the
// expected exit status (2: bad input; never 1, an internal error, nor a signal) and a message
// on stderr holding the listed words (the file:line, key or option, and what is wrong).
//
// Manifest lines: NAME | EXIT | WORDS | COMMAND, '#' comments. COMMAND runs under /bin/sh in a
// fresh scratch folder with $ARENA (the binary), $IN (tests/bad_inputs/files) and $CONFIGS
// (configs/) set; WORDS are ';'-separated substrings of stderr, "$IN" expanded.
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace {

const std::string kRoot = ARENA_SOURCE_DIR;
const std::string kManifest = kRoot + "/tests/bad_inputs/cases.txt";
const std::string kInputs = kRoot + "/tests/bad_inputs/files";

struct Case {
  std::string name;
  int exit_status = 2;
  std::vector<std::string> words;
  std::string command;
  int line = 0;
};

/// Test output names a case by its name (not its bytes).
void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }

std::string trim(const std::string& s) {
  const auto a = s.find_first_not_of(" \t");
  if (a == std::string::npos) return "";
  return s.substr(a, s.find_last_not_of(" \t") - a + 1);
}

std::vector<std::string> split(const std::string& s, char sep, std::size_t max_parts) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (parts.size() + 1 < max_parts) {
    const auto at = s.find(sep, start);
    if (at == std::string::npos) break;
    parts.push_back(trim(s.substr(start, at - start)));
    start = at + 1;
  }
  parts.push_back(trim(s.substr(start)));
  return parts;
}

std::string expand(std::string s) {
  for (std::size_t at; (at = s.find("$IN")) != std::string::npos;) s.replace(at, 3, kInputs);
  return s;
}

std::vector<Case> load_cases() {
  std::vector<Case> cases;
  std::ifstream in(kManifest);
  std::string raw;
  for (int n = 1; std::getline(in, raw); ++n) {
    const std::string line = trim(raw);
    if (line.empty() || line[0] == '#') continue;
    const auto parts = split(line, '|', 4);
    Case c;
    c.line = n;
    if (parts.size() == 4) {
      c.name = parts[0];
      c.exit_status = std::atoi(parts[1].c_str());
      for (const auto& w : split(parts[2], ';', 100)) {
        if (!w.empty()) c.words.push_back(expand(w));
      }
      c.command = parts[3];
    } else {
      c.name = "malformed_manifest_line_" + std::to_string(n);
    }
    cases.push_back(std::move(c));
  }
  return cases;
}

std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

class BadInput : public testing::TestWithParam<Case> {};

TEST_P(BadInput, ExitsWithStatusAndNamesTheProblem) {
  const Case& c = GetParam();
  ASSERT_FALSE(c.command.empty()) << kManifest << ":" << c.line << ": expected NAME | EXIT | WORDS | COMMAND";
  const auto dir = std::filesystem::temp_directory_path() /
                   ("arena-bad-" + c.name + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  // The case's command goes through the environment, so it needs no quoting here.
  ::setenv("ARENA", ARENA_BINARY, 1);
  ::setenv("IN", kInputs.c_str(), 1);
  ::setenv("CONFIGS", (kRoot + "/configs").c_str(), 1);
  ::setenv("ARENA_CASE", c.command.c_str(), 1);
  const std::string shell = "cd '" + dir.string() +
                            "' && timeout -k 2 20 sh -c \"$ARENA_CASE\" >out.txt 2>err.txt </dev/null";
  const int status = std::system(shell.c_str());
  const std::string err = read_file(dir / "err.txt");
  ASSERT_TRUE(WIFEXITED(status)) << c.name;
  const int code = WEXITSTATUS(status);
  EXPECT_NE(code, 124) << c.name << ": still running after 20 s";
  EXPECT_LT(code, 128) << c.name << ": died by signal " << code - 128 << "\nstderr: " << err;
  EXPECT_EQ(code, c.exit_status) << c.name << " (" << kManifest << ":" << c.line << ")\nstderr: " << err;
  for (const auto& w : c.words) {
    EXPECT_NE(err.find(w), std::string::npos)
        << c.name << ": stderr lacks '" << w << "'\nstderr: " << err;
  }
  std::filesystem::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(Corpus, BadInput, testing::ValuesIn(load_cases()),
                         [](const testing::TestParamInfo<Case>& param) {
                           std::string n = param.param.name;
                           for (char& ch : n) {
                             if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           }
                           return n;
                         });

TEST(BadInputCorpus, HoldsAtLeastSixtyCases) { EXPECT_GE(load_cases().size(), 60U); }

}  // namespace
