#include "harness/cli/exit_code.hpp"

#include <exception>

#include <fmt/format.h>

#include "harness/config/config_error.hpp"

namespace arena {

int exit_code_of(std::string_view name, std::string_view input_prefix,
                 const std::function<int()>& body) {
  try {
    return body();
  } catch (const ConfigError& e) {
    fmt::print(stderr, "{}\n", e.what());
    return 2;
  } catch (const InputError& e) {
    fmt::print(stderr, "{}{}\n", input_prefix, e.what());
    return 2;
  } catch (const std::exception& e) {
    fmt::print(stderr, "arena: {} failed: {}\n", name, e.what());
    return 1;
  }
}

}  // namespace arena
