// The external-engine specs of --engine entries (see engine_client.hpp); the clients are in
// protocol/process_client.hpp, protocol/gtp_client.hpp and each game's bindings.
#include "protocol/engine_client.hpp"

#include <filesystem>

#include "engine/core/errors.hpp"

namespace arena::protocol {

bool is_external_spec(const std::string& text) { return selfplay::is_external_entry(text); }

ExternalSpec external_spec(const selfplay::EngineEntry& entry,
                           const selfplay::EngineSettings& settings) {
  if (!entry.external()) {
    throw InputError("--engine " + entry.text + ": expected nboard:COMMAND or gtp:COMMAND");
  }
  ExternalSpec spec;
  spec.protocol = entry.protocol;
  spec.command = entry.target;
  spec.name = settings.name.value_or("");
  spec.dir = settings.dir.value_or("");
  spec.startup_ms = settings.startup_ms.value_or(spec.startup_ms);
  spec.margin_ms = settings.margin_ms.value_or(spec.margin_ms);
  spec.move_ms = settings.move_ms.value_or(spec.move_ms);
  spec.depth = settings.depth.value_or(0);
  spec.quiet_stderr = settings.quiet_stderr.value_or(spec.quiet_stderr);
  spec.restart_each_game = settings.restart == selfplay::RestartPolicy::On;
  if (!spec.dir.empty() && !std::filesystem::is_directory(spec.dir)) {
    throw InputError("--engine " + entry.text + ": dir '" + spec.dir + "' is not a folder");
  }
  return spec;
}

ExternalSpec parse_external_spec(const std::string& text) {
  const selfplay::EngineEntry entry = selfplay::parse_engine_entry(text);
  return external_spec(entry, entry.settings);
}

}  // namespace arena::protocol
