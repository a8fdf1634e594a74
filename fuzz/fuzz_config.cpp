// libFuzzer target: config loading. Any input either loads or is rejected
// with a ConfigError (file, line, column, message); anything else (another
// exception, a crash, a hang) is a bug.
#include <cstddef>
#include <cstdint>
#include <string>

#include "harness/adapters/adapters.hpp"
#include "harness/config/config.hpp"
#include "harness/registry/registry.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const arena::Registry registry = arena::make_registry();
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const arena::RunConfig config = arena::parse_config(text, "fuzz.yaml", registry);
    // A config that loads must also build its match or say why, as `arena run` would.
    try {
      registry.find(config.engine)->make_match(config, 1);
    } catch (const arena::ConfigError&) {
    }
  } catch (const arena::ConfigError& e) {
    if (std::string(e.what()).rfind("fuzz.yaml:", 0) != 0) __builtin_trap();  // names the file
  }
  return 0;
}
