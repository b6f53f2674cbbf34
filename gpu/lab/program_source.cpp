#include "gpu/lab/program_source.hpp"

#include <cstdio>

#include "gpu/lab/kernel_image_arg.hpp"

namespace kc::lab {
namespace {

// Kept small on purpose: every line here is compiled on each keystroke in the editor. No
// #include: NVRTC knows uchar4, make_uchar4, min/max and the intrinsics without headers.
constexpr const char* kFrameTypes = R"(// kernelcam lab prelude: the types of the kernel contract (docs/KERNEL-LAB.md).
struct KcInput {
  const unsigned char* data;  // pixel (0, 0)
  unsigned long long pitch;   // bytes from one row to the next
  int width, height;          // pixels
  int channels;               // 4: RGBA8 (bytes R, G, B, A), 1: gray8
  int reserved_;
  __device__ const unsigned char* row(int y) const { return data + y * pitch; }
  __device__ uchar4 rgba(int x, int y) const {
    if (channels == 4) return reinterpret_cast<const uchar4*>(row(y))[x];
    const unsigned char v = row(y)[x];
    return make_uchar4(v, v, v, 255);
  }
};
struct KcOutput {
  unsigned char* data;
  unsigned long long pitch;
  int width, height;
  int channels;
  int reserved_;
  __device__ unsigned char* row(int y) const { return data + y * pitch; }
  __device__ void setRgba(int x, int y, uchar4 v) const {
    if (channels == 4) reinterpret_cast<uchar4*>(row(y))[x] = v;
    else row(y)[x] = v.x;
  }
  __device__ void setGray(int x, int y, unsigned char v) const {
    if (channels == 4) reinterpret_cast<uchar4*>(row(y))[x] = make_uchar4(v, v, v, 255);
    else row(y)[x] = v;
  }
};
)";

// True only for the contract's function type; the check after the user's file uses it.
// (An enum, not a static member: with -default-device a static member becomes a global in the PTX.)
std::string entryTypeCheck(const EntryContract& contract) {
  return "template <class F> struct KcIsEntry_ { enum { value = 0 }; };\n"
         "template <> struct KcIsEntry_<" +
         contract.functionType + "> { enum { value = 1 }; };\n";
}

// Inside a "..." of #line: a string literal of the path's bytes. Backslashes, quotes and '?'
// (trigraphs) escaped, and a byte that cannot stand in a literal (a newline in a file name, any
// control character) as a three-digit octal escape, which no digit after it can extend.
std::string quoted(const std::string& path) {
  std::string text = "\"";
  for (char c : path) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte == 0x7f) {
      char octal[8];
      std::snprintf(octal, sizeof octal, "\\%03o", byte);
      text += octal;
      continue;
    }
    if (c == '\\' || c == '"' || c == '?') text += '\\';
    text += c;
  }
  return text + "\"";
}

}  // namespace

const EntryContract& imageContract() {
  static const EntryContract contract{"void (*)(KcInput, KcOutput, KcParams)", kEntrySignature, ""};
  return contract;
}

std::string preludeText(const KernelAnnotations& annotations, const EntryContract& contract) {
  std::string text = std::string("#line 1 \"") + kPreludeName + "\"\n" + kFrameTypes;
  // NVRTC has no offsetof; the sizes and the fields' order (the same in both) pin the layout.
  const std::string size = std::to_string(sizeof(KernelImageArg));
  text += "static_assert(sizeof(KcInput) == " + size + " && sizeof(KcOutput) == " + size +
          ", \"the prelude's frame layout differs from KernelImageArg\");\n";
  text += "struct KcParams {";
  for (const KernelParam& p : annotations.params) text += std::string(" ") + typeName(p.type) + " " + p.name + ";";
  text += " };\n";
  return text + contract.preludeExtras + entryTypeCheck(contract);
}

std::string preludeAccessorAt(int line) {
  // Line 1 of the prelude is kFrameTypes' first (preludeText's #line 1).
  const std::string types = kFrameTypes;
  std::string object, accessor;
  int number = 1;
  for (std::size_t start = 0; start < types.size() && number <= line; ++number) {
    std::size_t end = types.find('\n', start);
    if (end == std::string::npos) end = types.size();
    const std::string text = types.substr(start, end - start);
    start = end + 1;
    if (text.rfind("struct KcInput", 0) == 0) object = "in";
    if (text.rfind("struct KcOutput", 0) == 0) object = "out";
    if (text.rfind("};", 0) == 0) object.clear(), accessor.clear();
    if (const std::size_t device = text.find("__device__"); device != std::string::npos && !object.empty()) {
      const std::size_t paren = text.find('(', device);
      const std::size_t nameStart = text.rfind(' ', paren) + 1;
      accessor = object + "." + text.substr(nameStart, paren - nameStart) + "()";
    }
  }
  return accessor;
}

std::string programSource(const std::string& path, const std::string& userText, const KernelAnnotations& annotations,
                          const EntryCandidate& entry, const EntryContract& contract) {
  std::string text = preludeText(annotations, contract);
  text += "#line 1 " + quoted(path) + "\n";
  text += userText;
  text += "\n#line " + std::to_string(entry.line) + " " + quoted(path) + "\n";
  text += "static_assert(KcIsEntry_<decltype(&" + entry.name + ")>::value, \"" + kSignatureCheckTag + "\");\n";
  return text;
}

}  // namespace kc::lab
