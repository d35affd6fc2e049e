(** Extraction of the validator to OCaml (checker/ wraps it into
    neuronisa-sync-check). nat and Z become OCaml's 63-bit int: the
    programs checked have far fewer than 2^62 sites, blocks or registers,
    and every threshold offset the pass emits is a 32-bit immediate. *)

From Coq Require Import ZArith Extraction ExtrOcamlBasic ExtrOcamlNatInt ExtrOcamlZInt.
From NeuronISA Require Import Model Validator Footprint Transitive.

Extract Inlined Constant Nat.leb => "(<=)".
Extract Inlined Constant Nat.ltb => "(<)".
Extract Inlined Constant Z.eqb => "(=)".
Extract Inlined Constant Z.leb => "(<=)".
Extract Inlined Constant Z.ltb => "(<)".
Extract Inlined Constant Z.max => "Stdlib.max".
Extract Inlined Constant Z.min => "Stdlib.min".
Extract Inlined Constant Z.add => "(+)".
Extract Inlined Constant Z.sub => "(-)".

(* fp_conflict: the conflict relation of an object's sites (checker/main.ml). *)
Extraction "validator.ml" invariant check_with check fp_conflict check_t hinvariant.
