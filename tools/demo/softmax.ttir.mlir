// A row-softmax kernel in TTIR, written for Tritium's demo: each program
// normalises one 1024-wide row. The helper @row_max is called (and inlined),
// and the load's mask is a constant all-true tensor (and canonicalized away).
module {
  tt.func private @row_max(%x: tensor<1024xf32>) -> f32 attributes {noinline = false} {
    %m = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %r = arith.maxnumf %a, %b : f32
      tt.reduce.return %r : f32
    }) : (tensor<1024xf32>) -> f32
    tt.return %m : f32
  }
  tt.func public @softmax(%in: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c1024 = arith.constant 1024 : i32
    %all = arith.constant dense<true> : tensor<1024xi1>
    %pid = tt.get_program_id x : i32
    %base = arith.muli %pid, %c1024 : i32
    %cols = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %off0 = tt.splat %base : i32 -> tensor<1024xi32>
    %offs = arith.addi %off0, %cols : tensor<1024xi32>
    %pin0 = tt.splat %in : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %pin = tt.addptr %pin0, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %x = tt.load %pin, %all : tensor<1024x!tt.ptr<f32>>
    %max = tt.call @row_max(%x) : (tensor<1024xf32>) -> f32
    %maxs = tt.splat %max : f32 -> tensor<1024xf32>
    %shifted = arith.subf %x, %maxs : tensor<1024xf32>
    %e = math.exp %shifted : tensor<1024xf32>
    %sum = "tt.reduce"(%e) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<1024xf32>) -> f32
    %sums = tt.splat %sum : f32 -> tensor<1024xf32>
    %y = arith.divf %e, %sums : tensor<1024xf32>
    %pout0 = tt.splat %out : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %pout = tt.addptr %pout0, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    tt.store %pout, %y, %all : tensor<1024x!tt.ptr<f32>>
    tt.return
  }
}
