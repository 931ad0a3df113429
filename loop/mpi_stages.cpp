// The loop's self-play stages over MPI ranks (see mpi_stages.hpp).
#include "loop/mpi_stages.hpp"

#include <chrono>
#include <iostream>

#include <nlohmann/json.hpp>

#include "engine/core/errors.hpp"
#include "engine/registry/selfplay_preparer.hpp"
#include "selfplay/mpi_selfplay.hpp"

namespace arena::loop {

namespace mpi = selfplay::mpi;
using nlohmann::json;

/// How often an idle rank looks for rank 0's next stage: a negligible delay per stage, and
/// about 200 wake-ups a second.
constexpr std::chrono::milliseconds kStageNap{5};

MpiStages::~MpiStages() {
  for (int w = 1; w < session_.size(); ++w) session_.send(w, mpi::Tag::End, "");
}

selfplay::SelfplaySummary MpiStages::play(const selfplay::SelfplayOptions& opts) const {
  const std::string stage = json{{"options", selfplay::options_to_json(opts)}}.dump();
  for (int w = 1; w < session_.size(); ++w) session_.send(w, mpi::Tag::Stage, stage);
  selfplay::SelfplayOptions bound = opts;
  // Rank 0 always has the summary.
  return *selfplay::run_selfplay_mpi(session_, bound, selfplay_preparer(bound));
}

int serve_stages(const mpi::Session& session) {
  const std::string me = "rank " + std::to_string(session.rank());
  int status = 0;
  try {
    for (;;) {
      // Between stages rank 0 fits, for minutes in a long run: a wait that sleeps (MPI_Probe
      // would spin a core meanwhile, taking it from the fit when ranks share a machine).
      const mpi::Message m = session.receive(0, kStageNap);
      if (m.tag == mpi::Tag::End) return status;
      if (m.tag != mpi::Tag::Stage) {
        throw std::runtime_error("message " + std::to_string(static_cast<int>(m.tag)) +
                                 " from rank 0 between the loop's stages");
      }
      const json stage = json::parse(m.payload);
      selfplay::SelfplayOptions opts = selfplay::options_from_json(stage.at("options"));
      opts.quiet = true;  // rank 0 prints the progress
      try {
        (void)selfplay::run_selfplay_mpi(session, opts, selfplay_preparer(opts));
      } catch (const InputError& e) {
        std::cerr << "error: " << me << ": " << e.what() << "\n";
        status = 2;
      }
    }
  } catch (const std::exception& e) {
    std::cerr << "error: " << me << ": " << e.what() << "\n";
    session.abort(1);
  }
}

}  // namespace arena::loop
