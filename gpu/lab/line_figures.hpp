#pragma once
// A kernel's per-line profile (LineFigures, from the lab's worker), said the
// way a student reads it: what share of the kernel's executed instructions a line takes, how many
// 32-byte sectors each warp's global access moves against the fewest its bytes need (coalescing),
// and how many shared-memory wavefronts each warp's access takes against the fewest (bank
// conflicts). The editor's gutter and `kernelcam kernel profile` both use these.
#include <cstdint>
#include <string>
#include <vector>

#include <tuple>
#include <utility>

namespace kc::lab {

// What one source line's instructions did in one launch (CUPTI's SASS metrics, summed over the
// instructions the line compiled to), as the worker reports it (worker_protocol.hpp: a profiled
// Run). Counts are per warp-level instruction, as Nsight Compute's source view gives them: a
// "request" is one warp's memory instruction, a sector 32 bytes moved between L1 and L2, a
// wavefront one pass of the shared-memory pipeline (more than the ideal: bank conflicts).
// C++17 (nvcc compiles the stages that include it): fields() and == written out.
struct LineFigures {
  std::string file;  // as the compile named it (#line): the kernel's path, a header's name, or the prelude
  std::uint32_t line = 0;
  std::uint64_t instructions = 0;  // warp-level instructions executed
  std::uint64_t globalRequests = 0, globalSectors = 0, globalSectorsIdeal = 0;
  std::uint64_t sharedRequests = 0, sharedWavefronts = 0, sharedWavefrontsIdeal = 0;
  // Counted where the GPU offers them (the exercises' goals; LineProfileSession::missing() says which
  // were not): branches whose warp's threads went more than one way, and global atomic instructions
  // (atomics and reductions: atomicAdd with its result unused compiles to RED), both warp-level.
  std::uint64_t divergentBranches = 0, globalAtomics = 0;
  auto fields() {
    return std::tie(file, line, instructions, globalRequests, globalSectors, globalSectorsIdeal, sharedRequests,
                    sharedWavefronts, sharedWavefrontsIdeal, divergentBranches, globalAtomics);
  }
  auto fields() const {
    return std::tie(file, line, instructions, globalRequests, globalSectors, globalSectorsIdeal, sharedRequests,
                    sharedWavefronts, sharedWavefrontsIdeal, divergentBranches, globalAtomics);
  }
  friend bool operator==(const LineFigures& a, const LineFigures& b) { return a.fields() == b.fields(); }
};

// The lines of `file` (as the kernel's path was given to the compile), in line order; the lab's
// prelude and included headers are left out.
std::vector<LineFigures> linesOfFile(const std::vector<LineFigures>& lines, const std::string& file);

std::uint64_t totalInstructions(const std::vector<LineFigures>& lines);

// Every line's figures summed (file and line left empty): the kernel as a whole, as a profiler that
// counts per kernel (Nsight Compute's metrics with `.sum`) reports it.
LineFigures wholeKernel(const std::vector<LineFigures>& lines);

// The lab's frame accessors' figures, summed per accessor ("in.rgba()", "out.setGray()"...) in the
// order first met: inlined, their instructions keep the prelude's lines (program_source.hpp), so
// this is how a kernel's frame reads and writes access memory.
std::vector<std::pair<std::string, LineFigures>> accessorFigures(const std::vector<LineFigures>& lines);

// Per warp-level request, 0 where the line made none.
double sectorsPerRequest(const LineFigures& line);
double idealSectorsPerRequest(const LineFigures& line);
double wavefrontsPerRequest(const LineFigures& line);
double idealWavefrontsPerRequest(const LineFigures& line);

// How much worse than ideal a line's memory accesses are: sectors / ideal sectors for global
// memory, wavefronts / ideal for shared, whichever is worse; 1 = ideal (or no memory access).
double memoryExcess(const LineFigures& line);

// "12.5% of instructions; global 4.0 sectors/request (ideal 4.0); shared 32.0 wavefronts/request
// (ideal 1.0): 32x, bank conflicts". `total` is the kernel's executed instructions.
std::string describeLine(const LineFigures& line, std::uint64_t total);

}  // namespace kc::lab
