(** * The concurrent semantics (in progress). *)
From NeuronISA Require Import Model Validator Exactness.
