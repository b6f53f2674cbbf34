#pragma once
// NVRTC's log -> Diagnostics. The front end writes
//   PATH(LINE): error: MESSAGE            (also "warning #177-D:", "catastrophic error:", "remark:")
//     <the source line, indented by two spaces>
//     <a caret under the column, same indentation>
// and ptxas adds "ptxas error   : MESSAGE" lines with no place. The column comes from the caret.
#include <string_view>
#include <vector>

#include "gpu/lab/diagnostic.hpp"

namespace kc::lab {

// Messages with no place (ptxas, nvrtc option errors) get an empty path and line 0.
std::vector<Diagnostic> parseCompilerLog(std::string_view log);

}  // namespace kc::lab
