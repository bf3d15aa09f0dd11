;; The byte loops of the PNG writer (png-write.ts), in WebAssembly with 128-bit SIMD: converting
;; rows of pixels to what the PNG holds, counting the words equal to the word above, the Up
;; filter, Adler-32 and the search for long repeats. `npm run kernels` compiles this file into png-kernels-wasm.ts.
;;
;; A piece of rows sits in memory as the PNG holds it: each row is its filter byte then `stride`
;; bytes, `line` = stride + 1 bytes apart; the row above the first (row -1) sits just before it.
;; rgbRows' stores of 16 bytes hold 12 bytes of pixels, and may write up to 4 bytes past a
;; row's end (into the next row, written after it, or into the slack after the piece).
(module
  (memory (export "memory") 1)

  ;; Rows of RGBA pixels (`srcStride` bytes apart) as RGB rows of the piece at `dst` (filter
  ;; byte 0 then the row): alpha dropped. Four pixels (16 bytes) at a time, the rest one by one.
  (func (export "rgbRows") (param $src i32) (param $srcStride i32) (param $dst i32) (param $line i32) (param $rows i32) (param $width i32)
    (local $s i32) (local $d i32) (local $end i32) (local $last i32)
    (block $done
      (loop $row
        (br_if $done (i32.eqz (local.get $rows)))
        (i32.store8 (local.get $dst) (i32.const 0))
        (local.set $s (local.get $src))
        (local.set $d (i32.add (local.get $dst) (i32.const 1)))
        (local.set $end (i32.add (local.get $s) (i32.shl (i32.and (local.get $width) (i32.const -4)) (i32.const 2))))
        (local.set $last (i32.add (local.get $s) (i32.shl (local.get $width) (i32.const 2))))
        (block $quads_done
          (loop $quads
            (br_if $quads_done (i32.ge_u (local.get $s) (local.get $end)))
            (v128.store (local.get $d)
              (i8x16.swizzle (v128.load (local.get $s))
                (v128.const i8x16 0 1 2 4 5 6 8 9 10 12 13 14 255 255 255 255)))
            (local.set $s (i32.add (local.get $s) (i32.const 16)))
            (local.set $d (i32.add (local.get $d) (i32.const 12)))
            (br $quads)))
        (block $tail_done
          (loop $tail
            (br_if $tail_done (i32.ge_u (local.get $s) (local.get $last)))
            (i32.store16 (local.get $d) (i32.load16_u (local.get $s)))
            (i32.store8 offset=2 (local.get $d) (i32.load8_u offset=2 (local.get $s)))
            (local.set $s (i32.add (local.get $s) (i32.const 4)))
            (local.set $d (i32.add (local.get $d) (i32.const 3)))
            (br $tail)))
        (local.set $src (i32.add (local.get $src) (local.get $srcStride)))
        (local.set $dst (i32.add (local.get $dst) (local.get $line)))
        (local.set $rows (i32.sub (local.get $rows) (i32.const 1)))
        (br $row))))

  ;; Rows of premultiplied RGBA pixels as straight RGBA rows of the piece at `dst`: each colour
  ;; c of a pixel of alpha a (0 < a < 255) becomes round(c·255 / a), at most 255; alpha 0 is
  ;; black. round(x / a) for x, a > 0 is floor((2x + a) / 2a), exactly as the division rounded.
  (func (export "straightRows") (param $src i32) (param $srcStride i32) (param $dst i32) (param $line i32) (param $rows i32) (param $width i32)
    (local $s i32) (local $d i32) (local $last i32) (local $px i32) (local $a i32) (local $c i32) (local $k i32)
    (block $done
      (loop $row
        (br_if $done (i32.eqz (local.get $rows)))
        (i32.store8 (local.get $dst) (i32.const 0))
        (local.set $s (local.get $src))
        (local.set $d (i32.add (local.get $dst) (i32.const 1)))
        (local.set $last (i32.add (local.get $s) (i32.shl (local.get $width) (i32.const 2))))
        (block $px_done
          (loop $pixel
            (br_if $px_done (i32.ge_u (local.get $s) (local.get $last)))
            (local.set $px (i32.load (local.get $s)))
            (local.set $a (i32.shr_u (local.get $px) (i32.const 24)))
            (if (i32.eq (local.get $a) (i32.const 255))
              (then (i32.store (local.get $d) (local.get $px)))
              (else
                (if (i32.eqz (local.get $a))
                  (then (i32.store (local.get $d) (i32.const 0)))
                  (else
                    (local.set $k (i32.const 0))
                    (loop $channel
                      (local.set $c (i32.load8_u (i32.add (local.get $s) (local.get $k))))
                      (local.set $c (i32.div_u
                        (i32.add (i32.mul (local.get $c) (i32.const 510)) (local.get $a))
                        (i32.shl (local.get $a) (i32.const 1))))
                      (if (i32.gt_u (local.get $c) (i32.const 255)) (then (local.set $c (i32.const 255))))
                      (i32.store8 (i32.add (local.get $d) (local.get $k)) (local.get $c))
                      (local.set $k (i32.add (local.get $k) (i32.const 1)))
                      (br_if $channel (i32.lt_u (local.get $k) (i32.const 3))))
                    (i32.store8 offset=3 (local.get $d) (local.get $a))))))
            (local.set $s (i32.add (local.get $s) (i32.const 4)))
            (local.set $d (i32.add (local.get $d) (i32.const 4)))
            (br $pixel)))
        (local.set $src (i32.add (local.get $src) (local.get $srcStride)))
        (local.set $dst (i32.add (local.get $dst) (local.get $line)))
        (local.set $rows (i32.sub (local.get $rows) (i32.const 1)))
        (br $row))))

  ;; How many of the 4-byte words of rows `from` to `to` (excluded) of the piece at `base` equal
  ;; the word above them. A row's words start at its first byte; its last word, when `stride`
  ;; is not a multiple of four, is its last stride mod 4 bytes (equal when those are).
  (func (export "equalWords") (param $base i32) (param $line i32) (param $from i32) (param $to i32) (param $stride i32) (result i32)
    (local $row i32) (local $above i32) (local $i i32) (local $vend i32) (local $wend i32) (local $acc v128) (local $count i32) (local $rest i32)
    (local.set $vend (i32.and (local.get $stride) (i32.const -16)))
    (local.set $wend (i32.and (local.get $stride) (i32.const -4)))
    (local.set $rest (i32.and (local.get $stride) (i32.const 3)))
    (local.set $row (i32.add (i32.add (local.get $base) (i32.const 1)) (i32.mul (local.get $from) (local.get $line))))
    (block $done
      (loop $rows
        (br_if $done (i32.ge_s (local.get $from) (local.get $to)))
        (local.set $above (i32.sub (local.get $row) (local.get $line)))
        (local.set $i (i32.const 0))
        (block $v_done
          (loop $v
            (br_if $v_done (i32.ge_u (local.get $i) (local.get $vend)))
            (local.set $acc (i32x4.sub (local.get $acc)
              (i32x4.eq (v128.load (i32.add (local.get $row) (local.get $i))) (v128.load (i32.add (local.get $above) (local.get $i))))))
            (local.set $i (i32.add (local.get $i) (i32.const 16)))
            (br $v)))
        (block $w_done
          (loop $w
            (br_if $w_done (i32.ge_u (local.get $i) (local.get $wend)))
            (local.set $count (i32.add (local.get $count)
              (i32.eq (i32.load (i32.add (local.get $row) (local.get $i))) (i32.load (i32.add (local.get $above) (local.get $i))))))
            (local.set $i (i32.add (local.get $i) (i32.const 4)))
            (br $w)))
        (if (local.get $rest)
          (then
            (local.set $count (i32.add (local.get $count)
              (i32.and
                (i32.and
                  (i32.eq (i32.load8_u (i32.add (local.get $row) (local.get $i))) (i32.load8_u (i32.add (local.get $above) (local.get $i))))
                  (i32.or (i32.lt_u (local.get $rest) (i32.const 2))
                    (i32.eq (i32.load8_u offset=1 (i32.add (local.get $row) (local.get $i))) (i32.load8_u offset=1 (i32.add (local.get $above) (local.get $i))))))
                (i32.or (i32.lt_u (local.get $rest) (i32.const 3))
                  (i32.eq (i32.load8_u offset=2 (i32.add (local.get $row) (local.get $i))) (i32.load8_u offset=2 (i32.add (local.get $above) (local.get $i))))))))))
        (local.set $row (i32.add (local.get $row) (local.get $line)))
        (local.set $from (i32.add (local.get $from) (i32.const 1)))
        (br $rows)))
    (i32.add (local.get $count)
      (i32.add
        (i32.add (i32x4.extract_lane 0 (local.get $acc)) (i32x4.extract_lane 1 (local.get $acc)))
        (i32.add (i32x4.extract_lane 2 (local.get $acc)) (i32x4.extract_lane 3 (local.get $acc))))))

  ;; Rows `from` to `to` (excluded) of the piece at `plain` Up-filtered into the piece at `up`:
  ;; filter byte 2, then each byte minus the byte above it, modulo 256. Sixteen bytes at a time,
  ;; the row's last stride mod 16 one by one (a row may be written before the one above it).
  (func (export "upRows") (param $plain i32) (param $up i32) (param $line i32) (param $from i32) (param $to i32) (param $stride i32)
    (local $row i32) (local $out i32) (local $i i32) (local $vend i32)
    (local.set $vend (i32.and (local.get $stride) (i32.const -16)))
    (local.set $row (i32.add (i32.add (local.get $plain) (i32.const 1)) (i32.mul (local.get $from) (local.get $line))))
    (local.set $out (i32.add (local.get $up) (i32.mul (local.get $from) (local.get $line))))
    (block $done
      (loop $rows
        (br_if $done (i32.ge_s (local.get $from) (local.get $to)))
        (i32.store8 (local.get $out) (i32.const 2))
        (local.set $out (i32.add (local.get $out) (i32.const 1)))
        (local.set $i (i32.const 0))
        (block $v_done
          (loop $v
            (br_if $v_done (i32.ge_u (local.get $i) (local.get $vend)))
            (v128.store (i32.add (local.get $out) (local.get $i))
              (i8x16.sub (v128.load (i32.add (local.get $row) (local.get $i)))
                (v128.load (i32.sub (i32.add (local.get $row) (local.get $i)) (local.get $line)))))
            (local.set $i (i32.add (local.get $i) (i32.const 16)))
            (br $v)))
        (block $b_done
          (loop $b
            (br_if $b_done (i32.ge_u (local.get $i) (local.get $stride)))
            (i32.store8 (i32.add (local.get $out) (local.get $i))
              (i32.sub (i32.load8_u (i32.add (local.get $row) (local.get $i)))
                (i32.load8_u (i32.sub (i32.add (local.get $row) (local.get $i)) (local.get $line)))))
            (local.set $i (i32.add (local.get $i) (i32.const 1)))
            (br $b)))
        (local.set $row (i32.add (local.get $row) (local.get $line)))
        (local.set $out (i32.add (local.get $out) (i32.sub (local.get $line) (i32.const 1))))
        (local.set $from (i32.add (local.get $from) (i32.const 1)))
        (br $rows))))

  ;; The Adler-32 of `length` bytes at `at`, continuing from `adler`. Sixteen bytes at a time: the
  ;; first sum adds the bytes; the second adds 16 − i times byte i, and 16 times the first sum
  ;; as it stood before them (kept per lane and added up at the end of each block of 4 096
  ;; bytes, where both sums are reduced modulo 65 521 in 64 bits); the last length mod 16 one by one.
  (func (export "adler32") (param $at i32) (param $length i32) (param $adler i32) (result i32)
    (local $a i64) (local $b i64) (local $end i32) (local $blockEnd i32) (local $v v128)
    (local $s1 v128) (local $s2 v128) (local $before v128)
    (local.set $a (i64.extend_i32_u (i32.and (local.get $adler) (i32.const 0xffff))))
    (local.set $b (i64.extend_i32_u (i32.shr_u (local.get $adler) (i32.const 16))))
    (local.set $end (i32.add (local.get $at) (i32.and (local.get $length) (i32.const -16))))
    (block $blocks_done
      (loop $blocks
        (br_if $blocks_done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $blockEnd (i32.add (local.get $at) (i32.const 4096)))
        (if (i32.gt_u (local.get $blockEnd) (local.get $end)) (then (local.set $blockEnd (local.get $end))))
        (local.set $b (i64.add (local.get $b)
          (i64.mul (local.get $a) (i64.extend_i32_u (i32.sub (local.get $blockEnd) (local.get $at))))))
        (local.set $s1 (v128.const i32x4 0 0 0 0))
        (local.set $s2 (v128.const i32x4 0 0 0 0))
        (local.set $before (v128.const i32x4 0 0 0 0))
        (block $v_done
          (loop $v
            (br_if $v_done (i32.ge_u (local.get $at) (local.get $blockEnd)))
            (local.set $v (v128.load (local.get $at)))
            (local.set $before (i32x4.add (local.get $before) (local.get $s1)))
            (local.set $s1 (i32x4.add (local.get $s1)
              (i32x4.extadd_pairwise_i16x8_u (i16x8.extadd_pairwise_i8x16_u (local.get $v)))))
            (local.set $s2 (i32x4.add (local.get $s2)
              (i32x4.add
                (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_u (local.get $v)) (v128.const i16x8 16 15 14 13 12 11 10 9))
                (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_u (local.get $v)) (v128.const i16x8 8 7 6 5 4 3 2 1)))))
            (local.set $at (i32.add (local.get $at) (i32.const 16)))
            (br $v)))
        (local.set $b (i64.add (local.get $b) (i64.add
          (i64.shl (call $lanes (local.get $before)) (i64.const 4))
          (call $lanes (local.get $s2)))))
        (local.set $a (i64.rem_u (i64.add (local.get $a) (call $lanes (local.get $s1))) (i64.const 65521)))
        (local.set $b (i64.rem_u (local.get $b) (i64.const 65521)))
        (br $blocks)))
    (local.set $end (i32.add (local.get $end) (i32.and (local.get $length) (i32.const 15))))
    (block $bytes_done
      (loop $bytes
        (br_if $bytes_done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $a (i64.add (local.get $a) (i64.load8_u (local.get $at))))
        (local.set $b (i64.add (local.get $b) (local.get $a)))
        (local.set $at (i32.add (local.get $at) (i32.const 1)))
        (br $bytes)))
    (local.set $a (i64.rem_u (local.get $a) (i64.const 65521)))
    (local.set $b (i64.rem_u (local.get $b) (i64.const 65521)))
    (i32.wrap_i64 (i64.or (i64.shl (local.get $b) (i64.const 16)) (local.get $a))))

  ;; How many of the `length` bytes at `at` repeat bytes before them in runs of 8 or more, as
  ;; deflate's matches would find them: each position's most recent earlier one with the same
  ;; first four bytes, found by a hash in the 8 192 positions of `table` (4 bytes each), the run
  ;; compared 8 bytes at a time; a run counted is stepped over.
  (func (export "longMatches") (param $at i32) (param $length i32) (param $table i32) (result i32)
    (local $i i32) (local $hash i32) (local $prior i32) (local $run i32) (local $covered i32) (local $diff i64)
    (memory.fill (local.get $table) (i32.const 255) (i32.const 32768))
    (block $done
      (loop $scan
        (br_if $done (i32.gt_s (i32.add (local.get $i) (i32.const 8)) (local.get $length)))
        (local.set $hash (i32.shl (i32.shr_u
          (i32.mul (i32.load (i32.add (local.get $at) (local.get $i))) (i32.const 0x9e3779b1))
          (i32.const 19)) (i32.const 2)))
        (local.set $prior (i32.load (i32.add (local.get $table) (local.get $hash))))
        (i32.store (i32.add (local.get $table) (local.get $hash)) (local.get $i))
        (if (i32.ge_s (local.get $prior) (i32.const 0))
          (then
            (local.set $run (i32.const 0))
            (block $run_done
              (loop $words
                (br_if $run_done (i32.gt_s (i32.add (i32.add (local.get $i) (local.get $run)) (i32.const 8)) (local.get $length)))
                (local.set $diff (i64.xor
                  (i64.load (i32.add (local.get $at) (i32.add (local.get $prior) (local.get $run))))
                  (i64.load (i32.add (local.get $at) (i32.add (local.get $i) (local.get $run))))))
                (if (i64.ne (local.get $diff) (i64.const 0))
                  (then
                    (local.set $run (i32.add (local.get $run) (i32.wrap_i64 (i64.shr_u (i64.ctz (local.get $diff)) (i64.const 3)))))
                    (br $run_done)))
                (local.set $run (i32.add (local.get $run) (i32.const 8)))
                (br $words)))
            ;; Fewer than 8 bytes left: one by one, to the end.
            (if (i32.eqz (i64.ne (local.get $diff) (i64.const 0)))
              (then
                (block $bytes_done
                  (loop $bytes
                    (br_if $bytes_done (i32.ge_s (i32.add (local.get $i) (local.get $run)) (local.get $length)))
                    (br_if $bytes_done (i32.ne
                      (i32.load8_u (i32.add (local.get $at) (i32.add (local.get $prior) (local.get $run))))
                      (i32.load8_u (i32.add (local.get $at) (i32.add (local.get $i) (local.get $run))))))
                    (local.set $run (i32.add (local.get $run) (i32.const 1)))
                    (br $bytes)))))
            (local.set $diff (i64.const 0))
            (if (i32.ge_s (local.get $run) (i32.const 8))
              (then
                (local.set $covered (i32.add (local.get $covered) (local.get $run)))
                (local.set $i (i32.add (local.get $i) (local.get $run)))
                (br $scan)))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $scan)))
    (local.get $covered))

  ;; The four unsigned 32-bit lanes of `v` added up.
  (func $lanes (param $v v128) (result i64)
    (i64.add
      (i64.add (i64.extend_i32_u (i32x4.extract_lane 0 (local.get $v))) (i64.extend_i32_u (i32x4.extract_lane 1 (local.get $v))))
      (i64.add (i64.extend_i32_u (i32x4.extract_lane 2 (local.get $v))) (i64.extend_i32_u (i32x4.extract_lane 3 (local.get $v))))))
)
