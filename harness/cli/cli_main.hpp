// The command line of arena: parses argv, runs the chosen command (every
// command is declared in harness/cli/cli_main.cpp) and returns the process's
// exit code (harness/cli/exit_code.hpp). In the harness library, so that it is
// compiled with the rest of it; the program's main() only calls it.
#pragma once

namespace arena {

int cli_main(int argc, char** argv);

}  // namespace arena
