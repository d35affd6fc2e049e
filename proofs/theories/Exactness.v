(** * Exactness of the validated programs (placeholder, filled below). *)
From NeuronISA Require Import Model Validator.
