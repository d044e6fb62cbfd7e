// f16/bf16 conversions and arithmetic on the CPU backend, checked against
// NumPy by tests/cpu/check_narrow_float.py: every element i < n of
//   x (f32) -> bf16, f16 (round to nearest even)      -> xb, xh
//   d (f64) -> bf16, f16 (one rounding)               -> db, dh
//   bf16/f16 bits (u16 in memory) -> f32 (exact)       -> eb, eh
//   bf16: xb + yb, xb * yb, xb / yb, sqrt(|xb|), min; f16 the same -> ab*, ah*
//   i32 -> bf16, f16; bf16 -> i32 (toward zero)        -> ib, ih, bi
//   xb < yb (bf16 compare)                             -> lt
module {
  tt.func public @narrow_float(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %d: !tt.ptr<f64>, %bits_b: !tt.ptr<bf16>, %bits_h: !tt.ptr<f16>, %iv: !tt.ptr<i32>,
      %xb: !tt.ptr<bf16>, %xh: !tt.ptr<f16>, %db: !tt.ptr<bf16>, %dh: !tt.ptr<f16>, %eb: !tt.ptr<f32>, %eh: !tt.ptr<f32>,
      %ab: !tt.ptr<bf16>, %ah: !tt.ptr<f16>, %ib: !tt.ptr<bf16>, %ih: !tt.ptr<f16>, %bi: !tt.ptr<i32>, %lt: !tt.ptr<i8>, %n: i32) {
    %c1024 = arith.constant 1024 : i32
    %pid = tt.get_program_id x : i32
    %start = arith.muli %pid, %c1024 : i32
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %s = tt.splat %start : i32 -> tensor<1024xi32>
    %offs = arith.addi %s, %r : tensor<1024xi32>
    %ns = tt.splat %n : i32 -> tensor<1024xi32>
    %m = arith.cmpi slt, %offs, %ns : tensor<1024xi32>
    // inputs
    %px = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %px1 = tt.addptr %px, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %vx = tt.load %px1, %m : tensor<1024x!tt.ptr<f32>>
    %py = tt.splat %y : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %py1 = tt.addptr %py, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %vy = tt.load %py1, %m : tensor<1024x!tt.ptr<f32>>
    %pd = tt.splat %d : !tt.ptr<f64> -> tensor<1024x!tt.ptr<f64>>
    %pd1 = tt.addptr %pd, %offs : tensor<1024x!tt.ptr<f64>>, tensor<1024xi32>
    %vd = tt.load %pd1, %m : tensor<1024x!tt.ptr<f64>>
    %pbb = tt.splat %bits_b : !tt.ptr<bf16> -> tensor<1024x!tt.ptr<bf16>>
    %pbb1 = tt.addptr %pbb, %offs : tensor<1024x!tt.ptr<bf16>>, tensor<1024xi32>
    %vbb = tt.load %pbb1, %m : tensor<1024x!tt.ptr<bf16>>
    %pbh = tt.splat %bits_h : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>>
    %pbh1 = tt.addptr %pbh, %offs : tensor<1024x!tt.ptr<f16>>, tensor<1024xi32>
    %vbh = tt.load %pbh1, %m : tensor<1024x!tt.ptr<f16>>
    %pi = tt.splat %iv : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>>
    %pi1 = tt.addptr %pi, %offs : tensor<1024x!tt.ptr<i32>>, tensor<1024xi32>
    %vi = tt.load %pi1, %m : tensor<1024x!tt.ptr<i32>>
    // f32 -> bf16 / f16
    %xb16 = arith.truncf %vx : tensor<1024xf32> to tensor<1024xbf16>
    %xh16 = arith.truncf %vx : tensor<1024xf32> to tensor<1024xf16>
    %qxb = tt.splat %xb : !tt.ptr<bf16> -> tensor<1024x!tt.ptr<bf16>>
    %qxb1 = tt.addptr %qxb, %offs : tensor<1024x!tt.ptr<bf16>>, tensor<1024xi32>
    tt.store %qxb1, %xb16, %m : tensor<1024x!tt.ptr<bf16>>
    %qxh = tt.splat %xh : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>>
    %qxh1 = tt.addptr %qxh, %offs : tensor<1024x!tt.ptr<f16>>, tensor<1024xi32>
    tt.store %qxh1, %xh16, %m : tensor<1024x!tt.ptr<f16>>
    // f64 -> bf16 / f16
    %db16 = arith.truncf %vd : tensor<1024xf64> to tensor<1024xbf16>
    %dh16 = arith.truncf %vd : tensor<1024xf64> to tensor<1024xf16>
    %qdb = tt.splat %db : !tt.ptr<bf16> -> tensor<1024x!tt.ptr<bf16>>
    %qdb1 = tt.addptr %qdb, %offs : tensor<1024x!tt.ptr<bf16>>, tensor<1024xi32>
    tt.store %qdb1, %db16, %m : tensor<1024x!tt.ptr<bf16>>
    %qdh = tt.splat %dh : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>>
    %qdh1 = tt.addptr %qdh, %offs : tensor<1024x!tt.ptr<f16>>, tensor<1024xi32>
    tt.store %qdh1, %dh16, %m : tensor<1024x!tt.ptr<f16>>
    // bf16 / f16 -> f32
    %ebf = arith.extf %vbb : tensor<1024xbf16> to tensor<1024xf32>
    %ehf = arith.extf %vbh : tensor<1024xf16> to tensor<1024xf32>
    %qeb = tt.splat %eb : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %qeb1 = tt.addptr %qeb, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    tt.store %qeb1, %ebf, %m : tensor<1024x!tt.ptr<f32>>
    %qeh = tt.splat %eh : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %qeh1 = tt.addptr %qeh, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    tt.store %qeh1, %ehf, %m : tensor<1024x!tt.ptr<f32>>
    // arithmetic in bf16 / f16, five results each: [5 * i + k]
    %yb16 = arith.truncf %vy : tensor<1024xf32> to tensor<1024xbf16>
    %yh16 = arith.truncf %vy : tensor<1024xf32> to tensor<1024xf16>
    %b0 = arith.addf %xb16, %yb16 : tensor<1024xbf16>
    %b1 = arith.mulf %xb16, %yb16 : tensor<1024xbf16>
    %b2 = arith.divf %xb16, %yb16 : tensor<1024xbf16>
    %babs = math.absf %xb16 : tensor<1024xbf16>
    %b3 = math.sqrt %babs : tensor<1024xbf16>
    %b4 = arith.minimumf %xb16, %yb16 : tensor<1024xbf16>
    %h0 = arith.addf %xh16, %yh16 : tensor<1024xf16>
    %h1 = arith.mulf %xh16, %yh16 : tensor<1024xf16>
    %h2 = arith.divf %xh16, %yh16 : tensor<1024xf16>
    %habs = math.absf %xh16 : tensor<1024xf16>
    %h3 = math.sqrt %habs : tensor<1024xf16>
    %h4 = arith.minimumf %xh16, %yh16 : tensor<1024xf16>
    %c5 = arith.constant dense<5> : tensor<1024xi32>
    %o5 = arith.muli %offs, %c5 : tensor<1024xi32>
    %qab = tt.splat %ab : !tt.ptr<bf16> -> tensor<1024x!tt.ptr<bf16>>
    %qah = tt.splat %ah : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>>
    %qab0 = tt.addptr %qab, %o5 : tensor<1024x!tt.ptr<bf16>>, tensor<1024xi32>
    %qah0 = tt.addptr %qah, %o5 : tensor<1024x!tt.ptr<f16>>, tensor<1024xi32>
    %one = arith.constant dense<1> : tensor<1024xi32>
    tt.store %qab0, %b0, %m : tensor<1024x!tt.ptr<bf16>>
    tt.store %qah0, %h0, %m : tensor<1024x!tt.ptr<f16>>
    %qab1 = tt.addptr %qab0, %one : tensor<1024x!tt.ptr<bf16>>, tensor<1024xi32>
    %qah1 = tt.addptr %qah0, %one : tensor<1024x!tt.ptr<f16>>, tensor<1024xi32>
    tt.store %qab1, %b1, %m : tensor<1024x!tt.ptr<bf16>>
    tt.store %qah1, %h1, %m : tensor<1024x!tt.ptr<f16>>
    %qab2 = tt.addptr %qab1, %one : tensor<1024x!tt.ptr<bf16>>, tensor<1024xi32>
    %qah2 = tt.addptr %qah1, %one : tensor<1024x!tt.ptr<f16>>, tensor<1024xi32>
    tt.store %qab2, %b2, %m : tensor<1024x!tt.ptr<bf16>>
    tt.store %qah2, %h2, %m : tensor<1024x!tt.ptr<f16>>
    %qab3 = tt.addptr %qab2, %one : tensor<1024x!tt.ptr<bf16>>, tensor<1024xi32>
    %qah3 = tt.addptr %qah2, %one : tensor<1024x!tt.ptr<f16>>, tensor<1024xi32>
    tt.store %qab3, %b3, %m : tensor<1024x!tt.ptr<bf16>>
    tt.store %qah3, %h3, %m : tensor<1024x!tt.ptr<f16>>
    %qab4 = tt.addptr %qab3, %one : tensor<1024x!tt.ptr<bf16>>, tensor<1024xi32>
    %qah4 = tt.addptr %qah3, %one : tensor<1024x!tt.ptr<f16>>, tensor<1024xi32>
    tt.store %qab4, %b4, %m : tensor<1024x!tt.ptr<bf16>>
    tt.store %qah4, %h4, %m : tensor<1024x!tt.ptr<f16>>
    // integers
    %ib16 = arith.sitofp %vi : tensor<1024xi32> to tensor<1024xbf16>
    %ih16 = arith.sitofp %vi : tensor<1024xi32> to tensor<1024xf16>
    %bi32 = arith.fptosi %xb16 : tensor<1024xbf16> to tensor<1024xi32>
    %qib = tt.splat %ib : !tt.ptr<bf16> -> tensor<1024x!tt.ptr<bf16>>
    %qib1 = tt.addptr %qib, %offs : tensor<1024x!tt.ptr<bf16>>, tensor<1024xi32>
    tt.store %qib1, %ib16, %m : tensor<1024x!tt.ptr<bf16>>
    %qih = tt.splat %ih : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>>
    %qih1 = tt.addptr %qih, %offs : tensor<1024x!tt.ptr<f16>>, tensor<1024xi32>
    tt.store %qih1, %ih16, %m : tensor<1024x!tt.ptr<f16>>
    %qbi = tt.splat %bi : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>>
    %qbi1 = tt.addptr %qbi, %offs : tensor<1024x!tt.ptr<i32>>, tensor<1024xi32>
    tt.store %qbi1, %bi32, %m : tensor<1024x!tt.ptr<i32>>
    %less = arith.cmpf olt, %xb16, %yb16 : tensor<1024xbf16>
    %less8 = arith.extui %less : tensor<1024xi1> to tensor<1024xi8>
    %qlt = tt.splat %lt : !tt.ptr<i8> -> tensor<1024x!tt.ptr<i8>>
    %qlt1 = tt.addptr %qlt, %offs : tensor<1024x!tt.ptr<i8>>, tensor<1024xi32>
    tt.store %qlt1, %less8, %m : tensor<1024x!tt.ptr<i8>>
    tt.return
  }
}
