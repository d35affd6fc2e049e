(** The theorems depend on no axiom: each line below must print "Closed
    under the global context" (proofs/Makefile checks it). *)
From NeuronISA Require Import Model Validator Exactness Concurrent.
Print Assumptions validated_sound.
Print Assumptions validated_exact.
Print Assumptions validated_waits.
Print Assumptions validated_facts.
Print Assumptions safety.
Print Assumptions progress.
Print Assumptions deadlock_free.
Print Assumptions memory_sequential.
Print Assumptions some_run_finishes.
