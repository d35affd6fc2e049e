(** The theorems depend on no axiom: each line below must print "Closed
    under the global context" (proofs/Makefile checks it). *)
From NeuronISA Require Import Model Validator Exactness Footprint Transitive Concurrent.
Print Assumptions validated_sound.
Print Assumptions validated_exact.
Print Assumptions validated_waits.
Print Assumptions validated_facts.
Print Assumptions invariant_t.
Print Assumptions validated_ordered.
Print Assumptions safety.
Print Assumptions progress.
Print Assumptions deadlock_free.
Print Assumptions memory_sequential.
Print Assumptions some_run_finishes.
Print Assumptions fp_overlap_sound.
Print Assumptions exec_commute.
Print Assumptions memory_sequential_fp.
