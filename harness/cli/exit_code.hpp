// How a subcommand ends when its body throws: one line on stderr and the exit
// code of commands.hpp. A ConfigError is printed as it is (it names the
// file, line, column and key), an InputError after `input_prefix` (both exit
// 2: bad input); anything else as "arena: NAME failed: ..." (exit 1).
#pragma once

#include <functional>
#include <string_view>

namespace arena {

int exit_code_of(std::string_view name, std::string_view input_prefix,
                 const std::function<int()>& body);

}  // namespace arena
