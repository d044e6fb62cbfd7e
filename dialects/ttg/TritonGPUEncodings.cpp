//===- TritonGPUEncodings.cpp - Syntax of the `ttg` encodings and !ttg.memdesc ===//
//
// The parsers and printers of every `ttg` encoding attribute and of
// !ttg.memdesc, their verifiers (which hand a flat TritiumEncodingDesc to
// Rust), and the translation of an encoding to and from that description
// (EncodingDesc.h), which the dialect's C API and op glue use.
//
//===----------------------------------------------------------------------===//

#include "EncodingDesc.h"
#include "tritium/TritonGPUDialect.h"
#include "tritium/Glue.h"
#include "tritium/ParseNesting.h"
#include "tritium/RustBridge.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

#include <functional>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

//===----------------------------------------------------------------------===//
// Encodings <-> TritiumEncodingDesc
//===----------------------------------------------------------------------===//

namespace {
TritiumU32Array u32s(ArrayRef<unsigned> values) {
  return {values.data(), static_cast<intptr_t>(values.size())};
}

TritiumEncodingDesc makeDesc(TritiumEncodingKind kind) {
  TritiumEncodingDesc desc{};
  desc.kind = kind;
  return desc;
}

void setCga(TritiumEncodingDesc &desc, ArrayRef<int32_t> cga) {
  desc.cga = cga.data();
  desc.cgaSize = static_cast<intptr_t>(cga.size());
}

/// Stores a linear-layout parameter; in-dimension names that are not strings
/// (only possible through a programmatic `get`) make `numInDims` -1, which
/// the Rust verifier rejects.
void setLinear(TritiumEncodingDesc &desc, ArrayAttr inDims,
               ArrayRef<unsigned> basesPerDim, ArrayRef<int32_t> bases,
               unsigned outRank) {
  desc.numInDims = 0;
  if (inDims) {
    if (inDims.size() > TRITIUM_MAX_IN_DIMS) {
      desc.numInDims = -1;
    } else {
      for (Attribute name : inDims) {
        auto str = dyn_cast<StringAttr>(name);
        if (!str) {
          desc.numInDims = -1;
          break;
        }
        desc.inDims[desc.numInDims++] = wrap(str.getValue());
      }
    }
  }
  desc.basesPerDim = basesPerDim.data();
  desc.bases = bases.data();
  desc.basesSize = static_cast<intptr_t>(bases.size());
  desc.outRank = outRank;
  // The counts must match the names; Rust checks both against the bases.
  if (desc.numInDims >= 0 && basesPerDim.size() != static_cast<size_t>(desc.numInDims))
    desc.numInDims = -1;
}

// One describe* per encoding, from its parameters (the verifiers run before
// the attribute exists) or from the attribute (the Rust hook).
TritiumEncodingDesc describeBlocked(ArrayRef<unsigned> sizePerThread,
                                    ArrayRef<unsigned> threadsPerWarp,
                                    ArrayRef<unsigned> warpsPerCTA,
                                    ArrayRef<unsigned> order, ArrayRef<int32_t> cga) {
  TritiumEncodingDesc desc = makeDesc(TRITIUM_ENC_BLOCKED);
  desc.arrays[0] = u32s(sizePerThread);
  desc.arrays[1] = u32s(threadsPerWarp);
  desc.arrays[2] = u32s(warpsPerCTA);
  desc.arrays[3] = u32s(order);
  setCga(desc, cga);
  return desc;
}

TritiumEncodingDesc describeSlice(unsigned dim, Attribute parent) {
  TritiumEncodingDesc desc = makeDesc(TRITIUM_ENC_SLICE);
  desc.scalars[0] = dim;
  desc.parent = wrap(parent);
  return desc;
}

TritiumEncodingDesc describeDotOperand(unsigned opIdx, Attribute parent, unsigned kWidth) {
  TritiumEncodingDesc desc = makeDesc(TRITIUM_ENC_DOT_OPERAND);
  desc.scalars[0] = opIdx;
  desc.scalars[1] = kWidth;
  desc.parent = wrap(parent);
  return desc;
}

TritiumEncodingDesc describeNvidiaMma(unsigned versionMajor, unsigned versionMinor,
                                      ArrayRef<unsigned> warpsPerCTA,
                                      ArrayRef<int32_t> cga,
                                      ArrayRef<unsigned> instrShape) {
  TritiumEncodingDesc desc = makeDesc(TRITIUM_ENC_NVIDIA_MMA);
  desc.scalars[0] = versionMajor;
  desc.scalars[1] = versionMinor;
  desc.arrays[0] = u32s(warpsPerCTA);
  desc.arrays[1] = u32s(instrShape);
  setCga(desc, cga);
  return desc;
}

TritiumEncodingDesc describeMfma(unsigned version, ArrayRef<unsigned> warpsPerCTA,
                                 ArrayRef<unsigned> instrShape, bool isTransposed,
                                 ArrayRef<int32_t> cga, ArrayRef<unsigned> tilesPerWarp,
                                 unsigned elementBitWidth) {
  TritiumEncodingDesc desc = makeDesc(TRITIUM_ENC_AMD_MFMA);
  desc.scalars[0] = version;
  desc.scalars[1] = isTransposed;
  desc.scalars[2] = elementBitWidth;
  desc.arrays[0] = u32s(warpsPerCTA);
  desc.arrays[1] = u32s(instrShape);
  desc.arrays[2] = u32s(tilesPerWarp);
  setCga(desc, cga);
  return desc;
}

TritiumEncodingDesc describeWmma(unsigned version, ArrayAttr inDims,
                                 ArrayRef<unsigned> basesPerDim, ArrayRef<int32_t> bases,
                                 unsigned outRank, bool isTransposed,
                                 ArrayRef<int32_t> cga, ArrayRef<unsigned> instrShape) {
  TritiumEncodingDesc desc = makeDesc(TRITIUM_ENC_AMD_WMMA);
  desc.scalars[0] = version;
  desc.scalars[1] = isTransposed;
  desc.arrays[0] = u32s(instrShape);
  setLinear(desc, inDims, basesPerDim, bases, outRank);
  setCga(desc, cga);
  return desc;
}

TritiumEncodingDesc describeLinear(TritiumEncodingKind kind, ArrayAttr inDims,
                                   ArrayRef<unsigned> basesPerDim,
                                   ArrayRef<int32_t> bases, unsigned outRank) {
  TritiumEncodingDesc desc = makeDesc(kind);
  setLinear(desc, inDims, basesPerDim, bases, outRank);
  return desc;
}

TritiumEncodingDesc describeSwizzled(TritiumEncodingKind kind, unsigned vec,
                                     unsigned perPhase, unsigned maxPhase,
                                     ArrayRef<unsigned> order, ArrayRef<int32_t> cga) {
  TritiumEncodingDesc desc = makeDesc(kind);
  desc.scalars[0] = vec;
  desc.scalars[1] = perPhase;
  desc.scalars[2] = maxPhase;
  desc.arrays[0] = u32s(order);
  setCga(desc, cga);
  return desc;
}

TritiumEncodingDesc describeNvmmaShared(unsigned swizzlingByteWidth, bool transposed,
                                        unsigned elementBitWidth, bool fp4Padded,
                                        ArrayRef<int32_t> cga, unsigned rank) {
  TritiumEncodingDesc desc = makeDesc(TRITIUM_ENC_NVMMA_SHARED);
  desc.scalars[0] = swizzlingByteWidth;
  desc.scalars[1] = transposed;
  desc.scalars[2] = elementBitWidth;
  desc.scalars[3] = fp4Padded;
  desc.scalars[4] = rank;
  setCga(desc, cga);
  return desc;
}

TritiumEncodingDesc describePadded(ArrayRef<unsigned> intervals, ArrayRef<unsigned> paddings,
                                   ArrayAttr inDims, ArrayRef<unsigned> basesPerDim,
                                   ArrayRef<int32_t> bases, unsigned outRank) {
  TritiumEncodingDesc desc = makeDesc(TRITIUM_ENC_PADDED_SHARED);
  desc.arrays[0] = u32s(intervals);
  desc.arrays[1] = u32s(paddings);
  setLinear(desc, inDims, basesPerDim, bases, outRank);
  return desc;
}

TritiumEncodingDesc describePartitioned(unsigned numPartitions, unsigned numGroups,
                                        unsigned partitionDim, Attribute layout) {
  TritiumEncodingDesc desc = makeDesc(TRITIUM_ENC_PARTITIONED_SHARED);
  desc.scalars[0] = numPartitions;
  desc.scalars[1] = numGroups;
  desc.scalars[2] = partitionDim;
  desc.parent = wrap(layout);
  return desc;
}

TritiumEncodingDesc describeSharedLinear(ArrayAttr inDims, ArrayRef<unsigned> basesPerDim,
                                         ArrayRef<int32_t> bases, unsigned outRank,
                                         unsigned alignment) {
  TritiumEncodingDesc desc = makeDesc(TRITIUM_ENC_SHARED_LINEAR);
  desc.scalars[0] = alignment;
  setLinear(desc, inDims, basesPerDim, bases, outRank);
  return desc;
}

LogicalResult verifyDesc(function_ref<InFlightDiagnostic()> emitError,
                         const TritiumEncodingDesc &desc) {
  tritium::DiagReport report{emitError};
  return success(
      tritium_ttg_verify_encoding(&desc, &tritium::DiagReport::callback, &report));
}

} // namespace

/// The description of any `ttg` encoding attribute, or kind NONE.
TritiumEncodingDesc tritium::ttg::describe(Attribute attr) {
  return TypeSwitch<Attribute, TritiumEncodingDesc>(attr)
      .Case([](BlockedEncodingAttr a) {
        return describeBlocked(a.getSizePerThread(), a.getThreadsPerWarp(),
                               a.getWarpsPerCTA(), a.getOrder(), a.getCGALayout());
      })
      .Case([](SliceEncodingAttr a) { return describeSlice(a.getDim(), a.getParent()); })
      .Case([](DotOperandEncodingAttr a) {
        return describeDotOperand(a.getOpIdx(), a.getParent(), a.getKWidth());
      })
      .Case([](NvidiaMmaEncodingAttr a) {
        return describeNvidiaMma(a.getVersionMajor(), a.getVersionMinor(),
                                 a.getWarpsPerCTA(), a.getCGALayout(), a.getInstrShape());
      })
      .Case([](AMDMfmaEncodingAttr a) {
        return describeMfma(a.getVersion(), a.getWarpsPerCTA(), a.getInstrShape(),
                            a.getIsTransposed(), a.getCGALayout(), a.getTilesPerWarp(),
                            a.getElementBitWidth());
      })
      .Case([](AMDWmmaEncodingAttr a) {
        return describeWmma(a.getVersion(), a.getInDims(), a.getBasesPerDim(),
                            a.getBases(), a.getOutRank(), a.getIsTransposed(),
                            a.getCGALayout(), a.getInstrShape());
      })
      .Case([](LinearEncodingAttr a) {
        return describeLinear(TRITIUM_ENC_LINEAR, a.getInDims(), a.getBasesPerDim(),
                              a.getBases(), a.getOutRank());
      })
      .Case([](GenericLinearEncodingAttr a) {
        return describeLinear(TRITIUM_ENC_GENERIC_LINEAR, a.getInDims(),
                              a.getBasesPerDim(), a.getBases(), a.getOutRank());
      })
      .Case([](SwizzledSharedEncodingAttr a) {
        return describeSwizzled(TRITIUM_ENC_SWIZZLED_SHARED, a.getVec(), a.getPerPhase(),
                                a.getMaxPhase(), a.getOrder(), a.getCGALayout());
      })
      .Case([](AMDRotatingSharedEncodingAttr a) {
        return describeSwizzled(TRITIUM_ENC_AMD_ROTATING_SHARED, a.getVec(),
                                a.getPerPhase(), a.getMaxPhase(), a.getOrder(),
                                a.getCGALayout());
      })
      .Case([](NVMMASharedEncodingAttr a) {
        return describeNvmmaShared(a.getSwizzlingByteWidth(), a.getTransposed(),
                                   a.getElementBitWidth(), a.getFp4Padded(),
                                   a.getCGALayout(), a.getRank());
      })
      .Case([](PaddedSharedEncodingAttr a) {
        return describePadded(a.getIntervals(), a.getPaddings(), a.getInDims(),
                              a.getBasesPerDim(), a.getBases(), a.getOutRank());
      })
      .Case([](PartitionedSharedEncodingAttr a) {
        return describePartitioned(a.getNumPartitions(), a.getNumGroups(),
                                   a.getPartitionDim(), a.getPartitionLayout());
      })
      .Case([](SharedLinearEncodingAttr a) {
        return describeSharedLinear(a.getInDims(), a.getBasesPerDim(), a.getBases(),
                                    a.getOutRank(), a.getAlignment());
      })
      .Case([](SharedMemorySpaceAttr) { return makeDesc(TRITIUM_ENC_SHARED_MEMORY); })
      .Default([](Attribute) { return makeDesc(TRITIUM_ENC_NONE); });
}

namespace {

ArrayRef<unsigned> arrayOf(const TritiumU32Array &array) {
  if (!array.data || array.size <= 0)
    return {};
  return ArrayRef<unsigned>(array.data, array.size);
}

ArrayRef<int32_t> cgaOf(const TritiumEncodingDesc &desc) {
  if (!desc.cga || desc.cgaSize <= 0)
    return {};
  return ArrayRef<int32_t>(desc.cga, desc.cgaSize);
}

struct LinearParts {
  ArrayAttr inDims;
  ArrayRef<unsigned> basesPerDim;
  ArrayRef<int32_t> bases;
};

LinearParts linearOf(MLIRContext *context, const TritiumEncodingDesc &desc) {
  LinearParts parts;
  SmallVector<Attribute> names;
  for (intptr_t i = 0; i < desc.numInDims && i < TRITIUM_MAX_IN_DIMS; ++i)
    names.push_back(StringAttr::get(context, unwrap(desc.inDims[i])));
  parts.inDims = ArrayAttr::get(context, names);
  if (desc.basesPerDim && desc.numInDims > 0)
    parts.basesPerDim = ArrayRef<unsigned>(desc.basesPerDim, desc.numInDims);
  if (desc.bases && desc.basesSize > 0)
    parts.bases = ArrayRef<int32_t>(desc.bases, desc.basesSize);
  return parts;
}

} // namespace

/// Builds the encoding `desc` describes, or null (silently) when invalid.
Attribute tritium::ttg::build(MLIRContext *context, const TritiumEncodingDesc &desc) {
  auto silent = [] { return InFlightDiagnostic(); };
  const uint32_t *s = desc.scalars;
  Attribute parent = unwrap(desc.parent);
  switch (desc.kind) {
  case TRITIUM_ENC_BLOCKED:
    return BlockedEncodingAttr::getChecked(silent, context, arrayOf(desc.arrays[0]),
                                           arrayOf(desc.arrays[1]), arrayOf(desc.arrays[2]),
                                           arrayOf(desc.arrays[3]), cgaOf(desc));
  case TRITIUM_ENC_SLICE:
    return parent ? SliceEncodingAttr::getChecked(silent, context, s[0], parent) : nullptr;
  case TRITIUM_ENC_DOT_OPERAND:
    return parent ? DotOperandEncodingAttr::getChecked(silent, context, s[0], parent, s[1])
                  : nullptr;
  case TRITIUM_ENC_NVIDIA_MMA:
    return NvidiaMmaEncodingAttr::getChecked(silent, context, s[0], s[1],
                                             arrayOf(desc.arrays[0]), cgaOf(desc),
                                             arrayOf(desc.arrays[1]));
  case TRITIUM_ENC_AMD_MFMA:
    return AMDMfmaEncodingAttr::getChecked(silent, context, s[0], arrayOf(desc.arrays[0]),
                                           arrayOf(desc.arrays[1]), s[1] != 0, cgaOf(desc),
                                           arrayOf(desc.arrays[2]), s[2]);
  case TRITIUM_ENC_AMD_WMMA: {
    LinearParts ll = linearOf(context, desc);
    return AMDWmmaEncodingAttr::getChecked(silent, context, s[0], ll.inDims,
                                           ll.basesPerDim, ll.bases, desc.outRank,
                                           s[1] != 0, cgaOf(desc), arrayOf(desc.arrays[0]));
  }
  case TRITIUM_ENC_LINEAR: {
    LinearParts ll = linearOf(context, desc);
    return LinearEncodingAttr::getChecked(silent, context, ll.inDims, ll.basesPerDim,
                                          ll.bases, desc.outRank);
  }
  case TRITIUM_ENC_GENERIC_LINEAR: {
    LinearParts ll = linearOf(context, desc);
    return GenericLinearEncodingAttr::getChecked(silent, context, ll.inDims,
                                                 ll.basesPerDim, ll.bases, desc.outRank);
  }
  case TRITIUM_ENC_SWIZZLED_SHARED:
    return SwizzledSharedEncodingAttr::getChecked(silent, context, s[0], s[1], s[2],
                                                  arrayOf(desc.arrays[0]), cgaOf(desc));
  case TRITIUM_ENC_AMD_ROTATING_SHARED:
    return AMDRotatingSharedEncodingAttr::getChecked(silent, context, s[0], s[1], s[2],
                                                     arrayOf(desc.arrays[0]), cgaOf(desc));
  case TRITIUM_ENC_NVMMA_SHARED:
    return NVMMASharedEncodingAttr::getChecked(silent, context, s[0], s[1] != 0, s[2],
                                               s[3] != 0, cgaOf(desc), s[4]);
  case TRITIUM_ENC_PADDED_SHARED: {
    LinearParts ll = linearOf(context, desc);
    return PaddedSharedEncodingAttr::getChecked(silent, context, arrayOf(desc.arrays[0]),
                                                arrayOf(desc.arrays[1]), ll.inDims,
                                                ll.basesPerDim, ll.bases, desc.outRank);
  }
  case TRITIUM_ENC_PARTITIONED_SHARED:
    return parent ? PartitionedSharedEncodingAttr::getChecked(silent, context, s[0], s[1],
                                                              s[2], parent)
                  : nullptr;
  case TRITIUM_ENC_SHARED_LINEAR: {
    LinearParts ll = linearOf(context, desc);
    return SharedLinearEncodingAttr::getChecked(silent, context, ll.inDims,
                                                ll.basesPerDim, ll.bases, desc.outRank,
                                                s[0]);
  }
  case TRITIUM_ENC_SHARED_MEMORY:
    return SharedMemorySpaceAttr::get(context);
  default:
    return nullptr;
  }
}


//===----------------------------------------------------------------------===//
// Encoding syntax: `<{key = value, ...}>`, parsed as a dictionary
//===----------------------------------------------------------------------===//

namespace {
/// Reads the entries of an encoding's `{...}` dictionary, reporting errors at
/// the attribute's location with the key they concern.
class EncodingReader {
public:
  EncodingReader(AsmParser &parser, StringRef mnemonic)
      : parser(parser), mnemonic(mnemonic), loc(parser.getCurrentLocation()) {}

  InFlightDiagnostic error() {
    return parser.emitError(loc) << "#ttg." << mnemonic << ": ";
  }

  /// An unsigned integer that fits 32 bits.
  bool uint(NamedAttribute entry, unsigned &out) {
    auto value = dyn_cast<IntegerAttr>(entry.getValue());
    if (!value || !value.getType().isInteger()) {
      error() << "expected an integer for '" << entry.getName().strref() << "'";
      return false;
    }
    return fits(entry.getName(), value.getValue(), out);
  }

  /// `true` or `false`.
  bool boolean(NamedAttribute entry, bool &out) {
    auto value = dyn_cast<BoolAttr>(entry.getValue());
    if (!value) {
      error() << "expected 'true' or 'false' for '" << entry.getName().strref() << "'";
      return false;
    }
    out = value.getValue();
    return true;
  }

  /// `[a, b, ...]` of unsigned integers.
  bool uints(NamedAttribute entry, SmallVectorImpl<unsigned> &out) {
    auto array = dyn_cast<ArrayAttr>(entry.getValue());
    if (!array) {
      error() << "expected an array of integers for '" << entry.getName().strref() << "'";
      return false;
    }
    return uintsOf(entry.getName(), array, out);
  }

  /// `[[a, b], ...]`: bases of `rank` entries each (any rank when `rank` < 0),
  /// appended to `flat`; `count` receives the number of bases and `rank` the
  /// rank seen.
  bool bases(StringRef name, Attribute value, int64_t &rank, SmallVectorImpl<int32_t> &flat,
             unsigned &count) {
    auto array = dyn_cast<ArrayAttr>(value);
    if (!array) {
      error() << "expected a list of bases for '" << name << "'";
      return false;
    }
    count = array.size();
    for (Attribute basis : array) {
      auto vector = dyn_cast<ArrayAttr>(basis);
      if (!vector) {
        error() << "expected each basis of '" << name << "' to be a list of integers";
        return false;
      }
      if (rank >= 0 && static_cast<int64_t>(vector.size()) != rank) {
        error() << "basis of '" << name << "' has " << vector.size()
                << " entries, expected " << rank;
        return false;
      }
      rank = vector.size();
      SmallVector<unsigned> values;
      if (!uintsOf(StringAttr::get(parser.getContext(), name), vector, values))
        return false;
      for (unsigned v : values) {
        if (v > static_cast<unsigned>(INT32_MAX)) {
          error() << "basis value " << v << " of '" << name << "' is too large";
          return false;
        }
        flat.push_back(static_cast<int32_t>(v));
      }
    }
    return true;
  }

  /// The `CGALayout` value: bases of `rank` entries.
  bool cga(Attribute value, unsigned rank, SmallVectorImpl<int32_t> &flat) {
    int64_t seen = rank;
    unsigned count = 0;
    return bases("CGALayout", value, seen, flat, count);
  }

  bool unexpected(NamedAttribute entry) {
    error() << "unexpected key: " << entry.getName().strref();
    return false;
  }

  bool missing(StringRef key) {
    error() << "missing '" << key << "'";
    return false;
  }

private:
  bool fits(StringAttr name, const APInt &value, unsigned &out) {
    if (value.isNegative() || value.getActiveBits() > 32) {
      error() << "'" << name.strref() << "' must be a non-negative 32-bit integer";
      return false;
    }
    out = static_cast<unsigned>(value.getZExtValue());
    return true;
  }

  bool uintsOf(StringAttr name, ArrayAttr array, SmallVectorImpl<unsigned> &out) {
    for (Attribute element : array) {
      auto value = dyn_cast<IntegerAttr>(element);
      if (!value || !value.getType().isInteger()) {
        error() << "expected an array of integers for '" << name.strref() << "'";
        return false;
      }
      unsigned v;
      if (!fits(name, value.getValue(), v))
        return false;
      out.push_back(v);
    }
    return true;
  }

  AsmParser &parser;
  StringRef mnemonic;
  SMLoc loc;
};

/// Where the value of one key of an encoding's dictionary goes; `seen`, when
/// given, records that the key was present.
struct Field {
  StringRef key;
  std::function<bool(EncodingReader &, NamedAttribute)> read;

  static Field uint(StringRef key, unsigned &out, bool *seen = nullptr) {
    return {key, [&out, seen](EncodingReader &reader, NamedAttribute entry) {
              if (seen)
                *seen = true;
              return reader.uint(entry, out);
            }};
  }
  static Field uints(StringRef key, SmallVectorImpl<unsigned> &out) {
    return {key, [&out](EncodingReader &reader, NamedAttribute entry) {
              return reader.uints(entry, out);
            }};
  }
  static Field boolean(StringRef key, bool &out) {
    return {key, [&out](EncodingReader &reader, NamedAttribute entry) {
              return reader.boolean(entry, out);
            }};
  }
  /// Keeps the value as an attribute, for the caller to interpret.
  static Field raw(StringRef key, Attribute &out) {
    return {key, [&out](EncodingReader &, NamedAttribute entry) {
              out = entry.getValue();
              return true;
            }};
  }
};

/// Reads every entry of `dict` into the field of its key; a key without a
/// field is an error ("unexpected key").
bool readFields(EncodingReader &reader, DictionaryAttr dict, ArrayRef<Field> fields) {
  for (NamedAttribute entry : dict) {
    const Field *field = llvm::find_if(
        fields, [&](const Field &f) { return f.key == entry.getName().strref(); });
    if (field == fields.end())
      return reader.unexpected(entry);
    if (!field->read(reader, entry))
      return false;
  }
  return true;
}

/// Parses `<{...}>` (or, with `braced` false, `<{...}` leaving the `>`).
DictionaryAttr parseEncodingDict(AsmParser &parser, bool closeAngle = true) {
  DictionaryAttr dict;
  if (parser.parseLess() || parser.parseAttribute(dict))
    return {};
  if (closeAngle && parser.parseGreater())
    return {};
  return dict;
}

/// A linear-layout parameter as parsed: names, per-name counts, flat bases.
struct ParsedLinear {
  SmallVector<Attribute> names;
  SmallVector<unsigned> counts;
  SmallVector<int32_t> bases;
  int64_t rank = -1;
};

/// Reads the entries of `dict` whose names are in `inDims` (in that order)
/// as a linear layout. Each listed name must be present unless `optional`.
bool parseLinear(EncodingReader &reader, DictionaryAttr dict, ArrayRef<StringRef> inDims,
                 ArrayRef<StringRef> optional, ParsedLinear &out, int64_t defaultRank = -1) {
  MLIRContext *context = dict.getContext();
  for (StringRef name : inDims) {
    Attribute value = dict.get(name);
    if (!value) {
      if (llvm::is_contained(optional, name)) {
        out.names.push_back(StringAttr::get(context, name));
        out.counts.push_back(0);
        continue;
      }
      return reader.missing(name);
    }
    unsigned count = 0;
    if (!reader.bases(name, value, out.rank, out.bases, count))
      return false;
    out.names.push_back(StringAttr::get(context, name));
    out.counts.push_back(count);
  }
  for (NamedAttribute entry : dict)
    if (!llvm::is_contained(inDims, entry.getName().strref()))
      return reader.unexpected(entry);
  if (out.rank < 0)
    out.rank = defaultRank;
  if (out.rank < 0) {
    reader.error() << "cannot infer the rank of a layout without any basis";
    return false;
  }
  return true;
}

/// Prints `name = [[...], ...]` for each in-dimension, skipping the names in
/// `skipIfEmpty` when they have no basis.
void printLinear(AsmPrinter &printer, ArrayAttr inDims, ArrayRef<unsigned> counts,
                 ArrayRef<int32_t> bases, unsigned rank,
                 ArrayRef<StringRef> skipIfEmpty = {}) {
  size_t next = 0;
  bool first = true;
  for (auto [nameAttr, count] : llvm::zip(inDims, counts)) {
    StringRef name = cast<StringAttr>(nameAttr).getValue();
    if (count == 0 && llvm::is_contained(skipIfEmpty, name))
      continue;
    if (!first)
      printer << ", ";
    first = false;
    printer << name << " = [";
    for (unsigned b = 0; b < count; ++b) {
      if (b)
        printer << ", ";
      printer << "[";
      for (unsigned k = 0; k < rank; ++k) {
        if (k)
          printer << ", ";
        printer << (next < bases.size() ? bases[next] : 0);
        ++next;
      }
      printer << "]";
    }
    printer << "]";
  }
}

void printUInts(AsmPrinter &printer, StringRef key, ArrayRef<unsigned> values) {
  printer << key << " = [";
  llvm::interleaveComma(values, printer);
  printer << "]";
}

/// `, CGALayout = [[...]]` when the layout spans more than one CTA.
void printCga(AsmPrinter &printer, ArrayRef<int32_t> cga, unsigned rank) {
  if (cga.empty() || rank == 0)
    return;
  printer << ", CGALayout = [";
  for (size_t i = 0; i < cga.size(); i += rank) {
    if (i)
      printer << ", ";
    printer << "[";
    llvm::interleaveComma(cga.slice(i, std::min<size_t>(rank, cga.size() - i)), printer);
    printer << "]";
  }
  printer << "]";
}

StringRef boolText(bool value) { return value ? "true" : "false"; }
} // namespace

Attribute BlockedEncodingAttr::parse(AsmParser &parser, Type) {
  EncodingReader reader(parser, "blocked");
  DictionaryAttr dict = parseEncodingDict(parser);
  if (!dict)
    return {};
  SmallVector<unsigned> sizePerThread, threadsPerWarp, warpsPerCTA, order;
  Attribute cgaValue;
  if (!readFields(reader, dict,
                  {Field::uints("sizePerThread", sizePerThread),
                   Field::uints("threadsPerWarp", threadsPerWarp),
                   Field::uints("warpsPerCTA", warpsPerCTA),
                   Field::uints("order", order),
                   Field::raw("CGALayout", cgaValue)}))
    return {};
  SmallVector<int32_t> cga;
  if (cgaValue && !reader.cga(cgaValue, sizePerThread.size(), cga))
    return {};
  return parser.getChecked<BlockedEncodingAttr>(parser.getContext(), sizePerThread,
                                                threadsPerWarp, warpsPerCTA, order, cga);
}

void BlockedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{";
  printUInts(printer, "sizePerThread", getSizePerThread());
  printer << ", ";
  printUInts(printer, "threadsPerWarp", getThreadsPerWarp());
  printer << ", ";
  printUInts(printer, "warpsPerCTA", getWarpsPerCTA());
  printer << ", ";
  printUInts(printer, "order", getOrder());
  printCga(printer, getCGALayout(), getSizePerThread().size());
  printer << "}>";
}

LogicalResult BlockedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                          ArrayRef<unsigned> sizePerThread,
                                          ArrayRef<unsigned> threadsPerWarp,
                                          ArrayRef<unsigned> warpsPerCTA,
                                          ArrayRef<unsigned> order, ArrayRef<int32_t> cga) {
  return verifyDesc(emitError, describeBlocked(sizePerThread, threadsPerWarp, warpsPerCTA,
                                               order, cga));
}

Attribute SliceEncodingAttr::parse(AsmParser &parser, Type) {
  EncodingReader reader(parser, "slice");
  DictionaryAttr dict = parseEncodingDict(parser);
  if (!dict)
    return {};
  unsigned dim = 0;
  Attribute parent;
  bool haveDim = false;
  if (!readFields(reader, dict, {Field::uint("dim", dim, &haveDim), Field::raw("parent", parent)}))
    return {};
  if (!haveDim)
    return reader.missing("dim"), Attribute();
  if (!parent)
    return reader.missing("parent"), Attribute();
  return parser.getChecked<SliceEncodingAttr>(parser.getContext(), dim, parent);
}

void SliceEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{dim = " << getDim() << ", parent = " << getParent() << "}>";
}

LogicalResult SliceEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                        unsigned dim, Attribute parent) {
  return verifyDesc(emitError, describeSlice(dim, parent));
}

LogicalResult DotOperandEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                             unsigned opIdx, Attribute parent,
                                             unsigned kWidth) {
  return verifyDesc(emitError, describeDotOperand(opIdx, parent, kWidth));
}

Attribute NvidiaMmaEncodingAttr::parse(AsmParser &parser, Type) {
  EncodingReader reader(parser, "nvidia_mma");
  DictionaryAttr dict = parseEncodingDict(parser);
  if (!dict)
    return {};
  // Missing scalars default to 0, as in Triton (versionMinor is often omitted).
  unsigned versionMajor = 0, versionMinor = 0;
  SmallVector<unsigned> warpsPerCTA, instrShape;
  Attribute cgaValue;
  if (!readFields(reader, dict,
                  {Field::uint("versionMajor", versionMajor),
                   Field::uint("versionMinor", versionMinor),
                   Field::uints("warpsPerCTA", warpsPerCTA),
                   Field::uints("instrShape", instrShape),
                   Field::raw("CGALayout", cgaValue)}))
    return {};
  SmallVector<int32_t> cga;
  if (cgaValue && !reader.cga(cgaValue, warpsPerCTA.size(), cga))
    return {};
  return parser.getChecked<NvidiaMmaEncodingAttr>(parser.getContext(), versionMajor,
                                                  versionMinor, warpsPerCTA, cga,
                                                  instrShape);
}

void NvidiaMmaEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{versionMajor = " << getVersionMajor()
          << ", versionMinor = " << getVersionMinor() << ", ";
  printUInts(printer, "warpsPerCTA", getWarpsPerCTA());
  printCga(printer, getCGALayout(), getWarpsPerCTA().size());
  printer << ", ";
  printUInts(printer, "instrShape", getInstrShape());
  printer << "}>";
}

LogicalResult NvidiaMmaEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                            unsigned versionMajor, unsigned versionMinor,
                                            ArrayRef<unsigned> warpsPerCTA,
                                            ArrayRef<int32_t> cga,
                                            ArrayRef<unsigned> instrShape) {
  return verifyDesc(emitError, describeNvidiaMma(versionMajor, versionMinor, warpsPerCTA,
                                                 cga, instrShape));
}

Attribute AMDMfmaEncodingAttr::parse(AsmParser &parser, Type) {
  EncodingReader reader(parser, "amd_mfma");
  DictionaryAttr dict = parseEncodingDict(parser);
  if (!dict)
    return {};
  unsigned version = 0, elementBitWidth = 32;
  bool isTransposed = false;
  SmallVector<unsigned> warpsPerCTA, instrShape, tilesPerWarp;
  Attribute cgaValue;
  if (!readFields(reader, dict,
                  {Field::uint("version", version),
                   Field::uints("warpsPerCTA", warpsPerCTA),
                   Field::uints("instrShape", instrShape),
                   Field::boolean("isTransposed", isTransposed),
                   Field::uints("tilesPerWarp", tilesPerWarp),
                   Field::uint("elementBitWidth", elementBitWidth),
                   Field::raw("CGALayout", cgaValue)}))
    return {};
  SmallVector<int32_t> cga;
  if (cgaValue && !reader.cga(cgaValue, warpsPerCTA.size(), cga))
    return {};
  if (tilesPerWarp.empty())
    tilesPerWarp.assign(warpsPerCTA.size(), 1);
  return parser.getChecked<AMDMfmaEncodingAttr>(parser.getContext(), version, warpsPerCTA,
                                                instrShape, isTransposed, cga, tilesPerWarp,
                                                elementBitWidth);
}

void AMDMfmaEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{version = " << getVersion() << ", ";
  printUInts(printer, "warpsPerCTA", getWarpsPerCTA());
  printer << ", ";
  printUInts(printer, "instrShape", getInstrShape());
  printer << ", isTransposed = " << boolText(getIsTransposed());
  printCga(printer, getCGALayout(), getWarpsPerCTA().size());
  if (!llvm::all_of(getTilesPerWarp(), [](unsigned t) { return t == 1; })) {
    printer << ", ";
    printUInts(printer, "tilesPerWarp", getTilesPerWarp());
  }
  if (getElementBitWidth() != 32)
    printer << ", elementBitWidth = " << getElementBitWidth();
  printer << "}>";
}

LogicalResult AMDMfmaEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                          unsigned version, ArrayRef<unsigned> warpsPerCTA,
                                          ArrayRef<unsigned> instrShape, bool isTransposed,
                                          ArrayRef<int32_t> cga,
                                          ArrayRef<unsigned> tilesPerWarp,
                                          unsigned elementBitWidth) {
  return verifyDesc(emitError, describeMfma(version, warpsPerCTA, instrShape, isTransposed,
                                            cga, tilesPerWarp, elementBitWidth));
}

Attribute AMDWmmaEncodingAttr::parse(AsmParser &parser, Type) {
  EncodingReader reader(parser, "amd_wmma");
  DictionaryAttr dict = parseEncodingDict(parser);
  if (!dict)
    return {};
  unsigned version = 0;
  bool isTransposed = false;
  // Triton spells the flag `isTranspose` here (not `isTransposed` as amd_mfma) and
  // defaults the instruction shape to 16x16x16.
  SmallVector<unsigned> instrShape;
  Attribute cgaValue;
  ParsedLinear ll;
  Attribute layoutValue;
  if (!readFields(reader, dict,
                  {Field::uint("version", version), Field::boolean("isTranspose", isTransposed),
                   Field::uints("instrShape", instrShape), Field::raw("CGALayout", cgaValue),
                   Field::raw("ctaLayout", layoutValue)}))
    return {};
  if (!dict.contains("instrShape"))
    instrShape = {16, 16, 16};
  if (!layoutValue)
    return reader.missing("ctaLayout"), Attribute();
  auto layout = dyn_cast<DictionaryAttr>(layoutValue);
  if (!layout) {
    reader.error() << "expected a dictionary of bases for 'ctaLayout'";
    return {};
  }
  // A CTA layout without any basis (one warp, one tile) is of rank 2. Triton prints
  // an empty `warp` by leaving it out but requires it when reading; Tritium reads
  // such a layout back (no warp bases).
  if (!parseLinear(reader, layout, {"register", "warp"}, {"register", "warp"}, ll,
                   /*defaultRank=*/2))
    return {};
  SmallVector<int32_t> cga;
  if (cgaValue && !reader.cga(cgaValue, ll.rank, cga))
    return {};
  return parser.getChecked<AMDWmmaEncodingAttr>(
      parser.getContext(), version, ArrayAttr::get(parser.getContext(), ll.names),
      ll.counts, ll.bases, static_cast<unsigned>(ll.rank), isTransposed, cga, instrShape);
}

void AMDWmmaEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{version = " << getVersion()
          << ", isTranspose = " << boolText(getIsTransposed()) << ", ctaLayout = {";
  printLinear(printer, getInDims(), getBasesPerDim(), getBases(), getOutRank(),
              {"register", "warp"});
  printer << "}";
  printCga(printer, getCGALayout(), getOutRank());
  // The default 16x16x16 instruction shape is left out, as Triton prints it.
  if (getInstrShape() != ArrayRef<unsigned>{16, 16, 16}) {
    printer << ", ";
    printUInts(printer, "instrShape", getInstrShape());
  }
  printer << "}>";
}

LogicalResult AMDWmmaEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                          unsigned version, ArrayAttr inDims,
                                          ArrayRef<unsigned> basesPerDim,
                                          ArrayRef<int32_t> bases, unsigned outRank,
                                          bool isTransposed, ArrayRef<int32_t> cga,
                                          ArrayRef<unsigned> instrShape) {
  return verifyDesc(emitError, describeWmma(version, inDims, basesPerDim, bases, outRank,
                                            isTransposed, cga, instrShape));
}

namespace {
template <typename LinearAttr>
Attribute parseDistributedLinear(AsmParser &parser, StringRef mnemonic) {
  EncodingReader reader(parser, mnemonic);
  DictionaryAttr dict = parseEncodingDict(parser);
  if (!dict)
    return {};
  ParsedLinear ll;
  if (!parseLinear(reader, dict, {"register", "lane", "warp", "block"}, {}, ll))
    return {};
  return parser.getChecked<LinearAttr>(parser.getContext(),
                                       ArrayAttr::get(parser.getContext(), ll.names),
                                       ll.counts, ll.bases, static_cast<unsigned>(ll.rank));
}
} // namespace

Attribute LinearEncodingAttr::parse(AsmParser &parser, Type) {
  return parseDistributedLinear<LinearEncodingAttr>(parser, "linear");
}

void LinearEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{";
  printLinear(printer, getInDims(), getBasesPerDim(), getBases(), getOutRank());
  printer << "}>";
}

LogicalResult LinearEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                         ArrayAttr inDims, ArrayRef<unsigned> basesPerDim,
                                         ArrayRef<int32_t> bases, unsigned outRank) {
  return verifyDesc(emitError, describeLinear(TRITIUM_ENC_LINEAR, inDims, basesPerDim,
                                              bases, outRank));
}

Attribute GenericLinearEncodingAttr::parse(AsmParser &parser, Type) {
  return parseDistributedLinear<GenericLinearEncodingAttr>(parser, "generic_linear");
}

void GenericLinearEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{";
  printLinear(printer, getInDims(), getBasesPerDim(), getBases(), getOutRank());
  printer << "}>";
}

LogicalResult GenericLinearEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                                ArrayAttr inDims,
                                                ArrayRef<unsigned> basesPerDim,
                                                ArrayRef<int32_t> bases, unsigned outRank) {
  return verifyDesc(emitError, describeLinear(TRITIUM_ENC_GENERIC_LINEAR, inDims,
                                              basesPerDim, bases, outRank));
}

namespace {
template <typename SwizzledAttr>
Attribute parseSwizzled(AsmParser &parser, StringRef mnemonic) {
  EncodingReader reader(parser, mnemonic);
  DictionaryAttr dict = parseEncodingDict(parser);
  if (!dict)
    return {};
  unsigned vec = 0, perPhase = 0, maxPhase = 0;
  SmallVector<unsigned> order;
  Attribute cgaValue;
  if (!readFields(reader, dict,
                  {Field::uint("vec", vec),
                   Field::uint("perPhase", perPhase),
                   Field::uint("maxPhase", maxPhase),
                   Field::uints("order", order),
                   Field::raw("CGALayout", cgaValue)}))
    return {};
  SmallVector<int32_t> cga;
  if (cgaValue && !reader.cga(cgaValue, order.size(), cga))
    return {};
  return parser.getChecked<SwizzledAttr>(parser.getContext(), vec, perPhase, maxPhase,
                                         order, cga);
}

template <typename SwizzledAttr>
void printSwizzled(AsmPrinter &printer, SwizzledAttr attr) {
  printer << "<{vec = " << attr.getVec() << ", perPhase = " << attr.getPerPhase()
          << ", maxPhase = " << attr.getMaxPhase() << ", ";
  printUInts(printer, "order", attr.getOrder());
  printCga(printer, attr.getCGALayout(), attr.getOrder().size());
  printer << "}>";
}
} // namespace

Attribute SwizzledSharedEncodingAttr::parse(AsmParser &parser, Type) {
  return parseSwizzled<SwizzledSharedEncodingAttr>(parser, "swizzled_shared");
}

void SwizzledSharedEncodingAttr::print(AsmPrinter &printer) const {
  printSwizzled(printer, *this);
}

LogicalResult SwizzledSharedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                                 unsigned vec, unsigned perPhase,
                                                 unsigned maxPhase, ArrayRef<unsigned> order,
                                                 ArrayRef<int32_t> cga) {
  return verifyDesc(emitError, describeSwizzled(TRITIUM_ENC_SWIZZLED_SHARED, vec, perPhase,
                                                maxPhase, order, cga));
}

Attribute AMDRotatingSharedEncodingAttr::parse(AsmParser &parser, Type) {
  return parseSwizzled<AMDRotatingSharedEncodingAttr>(parser, "amd_rotating_shared");
}

void AMDRotatingSharedEncodingAttr::print(AsmPrinter &printer) const {
  printSwizzled(printer, *this);
}

LogicalResult AMDRotatingSharedEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, unsigned vec, unsigned perPhase,
    unsigned maxPhase, ArrayRef<unsigned> order, ArrayRef<int32_t> cga) {
  return verifyDesc(emitError, describeSwizzled(TRITIUM_ENC_AMD_ROTATING_SHARED, vec,
                                                perPhase, maxPhase, order, cga));
}

Attribute NVMMASharedEncodingAttr::parse(AsmParser &parser, Type) {
  EncodingReader reader(parser, "nvmma_shared");
  DictionaryAttr dict = parseEncodingDict(parser);
  if (!dict)
    return {};
  unsigned swizzlingByteWidth = 0, elementBitWidth = 0, rank = 2;
  bool transposed = false, fp4Padded = false, haveRank = false;
  Attribute cgaValue;
  if (!readFields(reader, dict,
                  {Field::uint("swizzlingByteWidth", swizzlingByteWidth),
                   Field::boolean("transposed", transposed),
                   Field::uint("elementBitWidth", elementBitWidth),
                   Field::boolean("fp4Padded", fp4Padded),
                   Field::uint("rank", rank, &haveRank),
                   Field::raw("CGALayout", cgaValue)}))
    return {};
  SmallVector<int32_t> cga;
  if (cgaValue) {
    // The rank is that of the CGA bases when they are given.
    auto bases = dyn_cast<ArrayAttr>(cgaValue);
    if (!haveRank && bases && !bases.empty())
      if (auto first = dyn_cast<ArrayAttr>(bases[0]))
        rank = first.size();
    if (!reader.cga(cgaValue, rank, cga))
      return {};
  }
  return parser.getChecked<NVMMASharedEncodingAttr>(parser.getContext(), swizzlingByteWidth,
                                                    transposed, elementBitWidth, fp4Padded,
                                                    cga, rank);
}

void NVMMASharedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{swizzlingByteWidth = " << getSwizzlingByteWidth()
          << ", transposed = " << boolText(getTransposed())
          << ", elementBitWidth = " << getElementBitWidth();
  if (getFp4Padded())
    printer << ", fp4Padded = true";
  if (!getCGALayout().empty())
    printCga(printer, getCGALayout(), getRank());
  else if (getRank() != 2)
    printer << ", rank = " << getRank();
  printer << "}>";
}

LogicalResult NVMMASharedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                              unsigned swizzlingByteWidth, bool transposed,
                                              unsigned elementBitWidth, bool fp4Padded,
                                              ArrayRef<int32_t> cga, unsigned rank) {
  return verifyDesc(emitError, describeNvmmaShared(swizzlingByteWidth, transposed,
                                                   elementBitWidth, fp4Padded, cga, rank));
}

namespace {
/// The identity layout of `shape` over in-dimension `offset`, walking the
/// dimensions in `order` (fastest first), as the `{order, shape}` shorthand of
/// #ttg.padded_shared denotes. False when the shorthand is malformed.
bool identityOffsets(EncodingReader &reader, ArrayRef<unsigned> order,
                     ArrayRef<unsigned> shape, ParsedLinear &out) {
  size_t rank = shape.size();
  if (order.size() != rank) {
    reader.error() << "Mismatch of shape and order ranks in padded layout";
    return false;
  }
  SmallVector<bool> seen(rank, false);
  for (unsigned d : order) {
    if (d >= rank || seen[d]) {
      reader.error() << "order must be a permutation of 0.." << rank - 1;
      return false;
    }
    seen[d] = true;
  }
  unsigned count = 0;
  for (unsigned d : order) {
    if (shape[d] == 0 || !llvm::isPowerOf2_32(shape[d])) {
      reader.error() << "shape entries must be powers of two, got " << shape[d];
      return false;
    }
    for (unsigned v = 1; v < shape[d]; v <<= 1) {
      for (size_t k = 0; k < rank; ++k)
        out.bases.push_back(k == d ? static_cast<int32_t>(v) : 0);
      ++count;
    }
  }
  out.counts = {count, 0};
  out.rank = rank;
  return true;
}

/// Whether the offset bases of a padded layout are the identity for some
/// order, which is then returned (dimensions never moved come last, slowest
/// first), together with the shape.
bool isIdentityOffsets(ArrayRef<unsigned> counts, ArrayRef<int32_t> bases, unsigned rank,
                       SmallVectorImpl<unsigned> &order, SmallVectorImpl<unsigned> &shape) {
  if (counts.size() != 2 || counts[1] != 0 || rank == 0)
    return false;
  shape.assign(rank, 1);
  for (unsigned b = 0; b < counts[0]; ++b) {
    ArrayRef<int32_t> basis = bases.slice(b * rank, rank);
    int dim = -1;
    for (unsigned k = 0; k < rank; ++k) {
      if (basis[k] == 0)
        continue;
      if (dim >= 0)
        return false;
      dim = k;
    }
    if (dim < 0 || static_cast<unsigned>(basis[dim]) != shape[dim])
      return false;
    if (!order.empty() && order.back() != static_cast<unsigned>(dim)) {
      if (llvm::is_contained(order, static_cast<unsigned>(dim)))
        return false;
    }
    if (order.empty() || order.back() != static_cast<unsigned>(dim))
      order.push_back(dim);
    shape[dim] *= 2;
  }
  for (int d = rank - 1; d >= 0; --d)
    if (!llvm::is_contained(order, static_cast<unsigned>(d)))
      order.push_back(d);
  return true;
}
} // namespace

Attribute PaddedSharedEncodingAttr::parse(AsmParser &parser, Type) {
  EncodingReader reader(parser, "padded_shared");
  SmallVector<unsigned> intervals, paddings;
  auto parsePair = [&]() -> ParseResult {
    unsigned interval = 0, padding = 0;
    if (parser.parseInteger(interval) || parser.parseColon() || parser.parsePlus() ||
        parser.parseInteger(padding))
      return failure();
    intervals.push_back(interval);
    paddings.push_back(padding);
    return success();
  };
  DictionaryAttr dict;
  SMLoc start = parser.getCurrentLocation();
  if (parser.parseLess() ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, parsePair) ||
      parser.parseAttribute(dict) || parser.parseGreater())
    return {};
  // Triton's wording: the linear form takes exactly `offset` and `block`,
  // the shorthand `order` and `shape`.
  bool linear = dict.get("offset") || dict.get("block");
  static const StringRef linearKeys[] = {"offset", "block"};
  static const StringRef shorthandKeys[] = {"order", "shape"};
  ArrayRef<StringRef> keys = linear ? ArrayRef<StringRef>(linearKeys)
                                    : ArrayRef<StringRef>(shorthandKeys);
  for (NamedAttribute entry : dict) {
    if (!llvm::is_contained(keys, entry.getName().strref())) {
      reader.error() << "Unexpected attribute \"" << entry.getName().strref() << "\" found";
      return {};
    }
  }
  if (linear) {
    for (StringRef key : keys) {
      if (!dict.get(key)) {
        reader.error() << "Expected basis of '" << key << "' not found";
        return {};
      }
    }
  }
  ParsedLinear ll;
  if (linear) {
    if (!parseLinear(reader, dict, {"offset", "block"}, {"block"}, ll))
      return {};
  } else {
    SmallVector<unsigned> order, shape;
    if (!readFields(reader, dict,
                    {Field::uints("order", order),
                     Field::uints("shape", shape)}))
      return {};
    if (!identityOffsets(reader, order, shape, ll))
      return {};
    MLIRContext *context = parser.getContext();
    ll.names = {StringAttr::get(context, "offset"), StringAttr::get(context, "block")};
  }
  return parser.getChecked<PaddedSharedEncodingAttr>(
      start, parser.getContext(), intervals, paddings,
      ArrayAttr::get(parser.getContext(), ll.names), ll.counts, ll.bases,
      static_cast<unsigned>(ll.rank));
}

void PaddedSharedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<[";
  llvm::interleaveComma(llvm::zip(getIntervals(), getPaddings()), printer,
                        [&](auto pair) {
                          printer << std::get<0>(pair) << ":+" << std::get<1>(pair);
                        });
  printer << "] {";
  SmallVector<unsigned> order, shape;
  if (isIdentityOffsets(getBasesPerDim(), getBases(), getOutRank(), order, shape)) {
    printUInts(printer, "order", order);
    printer << ", ";
    printUInts(printer, "shape", shape);
  } else {
    printLinear(printer, getInDims(), getBasesPerDim(), getBases(), getOutRank());
  }
  printer << "}>";
}

LogicalResult PaddedSharedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                               ArrayRef<unsigned> intervals,
                                               ArrayRef<unsigned> paddings, ArrayAttr inDims,
                                               ArrayRef<unsigned> basesPerDim,
                                               ArrayRef<int32_t> bases, unsigned outRank) {
  return verifyDesc(emitError, describePadded(intervals, paddings, inDims, basesPerDim,
                                              bases, outRank));
}

Attribute PartitionedSharedEncodingAttr::parse(AsmParser &parser, Type) {
  EncodingReader reader(parser, "partitioned_shared");
  DictionaryAttr dict = parseEncodingDict(parser);
  if (!dict)
    return {};
  unsigned numPartitions = 0, numGroups = 0, partitionDim = 0;
  Attribute layout;
  if (!readFields(reader, dict,
                  {Field::uint("numPartitions", numPartitions),
                   Field::uint("numGroups", numGroups),
                   Field::uint("partitionDim", partitionDim),
                   Field::raw("partitionLayout", layout)}))
    return {};
  if (!layout)
    return reader.missing("partitionLayout"), Attribute();
  return parser.getChecked<PartitionedSharedEncodingAttr>(
      parser.getContext(), numPartitions, numGroups, partitionDim, layout);
}

void PartitionedSharedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{numPartitions = " << getNumPartitions() << ", numGroups = " << getNumGroups()
          << ", partitionDim = " << getPartitionDim()
          << ", partitionLayout = " << getPartitionLayout() << "}>";
}

LogicalResult PartitionedSharedEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, unsigned numPartitions,
    unsigned numGroups, unsigned partitionDim, Attribute layout) {
  return verifyDesc(emitError,
                    describePartitioned(numPartitions, numGroups, partitionDim, layout));
}

Attribute SharedLinearEncodingAttr::parse(AsmParser &parser, Type) {
  EncodingReader reader(parser, "shared_linear");
  DictionaryAttr dict = parseEncodingDict(parser, /*closeAngle=*/false);
  if (!dict)
    return {};
  if (dict.get("alignment")) {
    reader.error() << "alignment must be specified outside of the linear layout braces";
    return {};
  }
  unsigned alignment = 0;
  if (parser.parseComma() || parser.parseKeyword("alignment") || parser.parseEqual() ||
      parser.parseInteger(alignment) || parser.parseGreater())
    return {};
  ParsedLinear ll;
  if (!parseLinear(reader, dict, {"offset", "block"}, {"block"}, ll))
    return {};
  return parser.getChecked<SharedLinearEncodingAttr>(
      parser.getContext(), ArrayAttr::get(parser.getContext(), ll.names), ll.counts,
      ll.bases, static_cast<unsigned>(ll.rank), alignment);
}

void SharedLinearEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{";
  printLinear(printer, getInDims(), getBasesPerDim(), getBases(), getOutRank(), {"block"});
  printer << "}, alignment = " << getAlignment() << ">";
}

LogicalResult SharedLinearEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                               ArrayAttr inDims,
                                               ArrayRef<unsigned> basesPerDim,
                                               ArrayRef<int32_t> bases, unsigned outRank,
                                               unsigned alignment) {
  return verifyDesc(emitError, describeSharedLinear(inDims, basesPerDim, bases, outRank,
                                                    alignment));
}

//===----------------------------------------------------------------------===//
// !ttg.memdesc
//===----------------------------------------------------------------------===//

TritiumMemDescDesc tritium::ttg::describeMemDesc(ArrayRef<int64_t> shape, Type elementType,
                                   Attribute encoding, Attribute memorySpace,
                                   bool mutableMemory, ArrayRef<int64_t> allocShape) {
  return TritiumMemDescDesc{shape.data(),
                            static_cast<intptr_t>(shape.size()),
                            wrap(elementType),
                            wrap(encoding),
                            wrap(memorySpace),
                            mutableMemory,
                            allocShape.data(),
                            static_cast<intptr_t>(allocShape.size())};
}

Type MemDescType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  Attribute encoding, memorySpace;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false, /*withTrailingX=*/true) ||
      parser.parseType(elementType) || parser.parseComma() ||
      parser.parseAttribute(encoding))
    return {};
  bool mutableMemory = false;
  SmallVector<int64_t> allocShape;
  while (succeeded(parser.parseOptionalComma())) {
    if (succeeded(parser.parseOptionalKeyword("mutable"))) {
      mutableMemory = true;
      continue;
    }
    // An allocation shape `AxB` (no trailing `x`), or the memory space.
    int64_t first;
    SMLoc firstLoc = parser.getCurrentLocation();
    OptionalParseResult dim = parser.parseOptionalInteger(first);
    if (dim.has_value()) {
      if (failed(*dim))
        return {};
      // `0x4` lexes as one hexadecimal integer: the dimensions 0 and 4, as
      // MLIR's dimension lists read it.
      StringRef spelling(firstLoc.getPointer());
      if (spelling.starts_with("0x") || spelling.starts_with("0X")) {
        allocShape.push_back(0);
        StringRef digits = spelling.drop_front(2).take_while(llvm::isAlnum);
        int64_t next;
        if (digits.getAsInteger(10, next)) {
          parser.emitError(firstLoc, "expected a dimension in the allocation shape");
          return {};
        }
        first = next;
      }
      allocShape.push_back(first);
      // `AxBxC` lexes as the integer A then the keyword `xBxC`.
      StringRef keyword;
      SMLoc loc = parser.getCurrentLocation();
      if (succeeded(parser.parseOptionalKeyword(&keyword))) {
        SmallVector<StringRef> parts;
        if (!keyword.consume_front("x")) {
          parser.emitError(loc, "expected 'x' in the allocation shape");
          return {};
        }
        keyword.split(parts, 'x');
        for (StringRef part : parts) {
          int64_t next;
          if (part.getAsInteger(10, next)) {
            parser.emitError(loc, "expected a dimension in the allocation shape");
            return {};
          }
          allocShape.push_back(next);
        }
      }
      continue;
    }
    if (memorySpace) {
      parser.emitError(parser.getCurrentLocation(),
                       "expected 'mutable' or an allocation shape");
      return {};
    }
    if (parser.parseAttribute(memorySpace))
      return {};
  }
  if (parser.parseGreater())
    return {};
  if (allocShape.empty())
    allocShape = shape;
  return parser.getChecked<MemDescType>(parser.getContext(), shape, elementType, encoding,
                                        memorySpace, mutableMemory, allocShape);
}

void MemDescType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t dim : getShape())
    printer << dim << "x";
  printer << getElementType() << ", " << getEncoding();
  if (getMemorySpace())
    printer << ", " << getMemorySpace();
  if (getMutableMemory())
    printer << ", mutable";
  if (getAllocShape() != getShape()) {
    printer << ", ";
    llvm::interleave(getAllocShape(), printer, "x");
  }
  printer << ">";
}

LogicalResult MemDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ArrayRef<int64_t> shape, Type elementType,
                                  Attribute encoding, Attribute memorySpace,
                                  bool mutableMemory, ArrayRef<int64_t> allocShape) {
  TritiumMemDescDesc desc = tritium::ttg::describeMemDesc(shape, elementType, encoding, memorySpace,
                                            mutableMemory, allocShape);
  tritium::DiagReport report{emitError};
  return success(
      tritium_ttg_verify_memdesc(&desc, &tritium::DiagReport::callback, &report));
}

//===----------------------------------------------------------------------===//
// The generated attribute and type classes (their storage is complete only
// in this translation unit), their registration and the dialect's
// attribute/type parser and printer.
//===----------------------------------------------------------------------===//

#define GET_ATTRDEF_CLASSES
#include "ttg/TritonGPUAttrs.cpp.inc"
#define GET_TYPEDEF_CLASSES
#include "ttg/TritonGPUTypes.cpp.inc"

void TritonGPUDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "ttg/TritonGPUTypes.cpp.inc"
      >();
}

void TritonGPUDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "ttg/TritonGPUAttrs.cpp.inc"
      >();
}

Type TritonGPUDialect::parseType(DialectAsmParser &parser) const {
  tritium::ParseNestingGuard nesting(parser);
  if (!nesting)
    return {};
  SMLoc typeLoc = parser.getCurrentLocation();
  StringRef mnemonic;
  Type type;
  if (generatedTypeParser(parser, &mnemonic, type).has_value())
    return type;
  parser.emitError(typeLoc) << "unknown type `" << mnemonic << "` in dialect `"
                            << getNamespace() << "`";
  return {};
}

void TritonGPUDialect::printType(Type type, DialectAsmPrinter &printer) const {
  (void)generatedTypePrinter(type, printer);
}

Attribute TritonGPUDialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  tritium::ParseNestingGuard nesting(parser);
  if (!nesting)
    return {};
  SMLoc typeLoc = parser.getCurrentLocation();
  StringRef mnemonic;
  Attribute attr;
  if (generatedAttributeParser(parser, &mnemonic, type, attr).has_value())
    return attr;
  parser.emitError(typeLoc) << "unknown attribute `" << mnemonic << "` in dialect `"
                            << getNamespace() << "`";
  return {};
}

void TritonGPUDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  (void)generatedAttributePrinter(attr, printer);
}
