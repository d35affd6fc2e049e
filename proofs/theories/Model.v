(** * The program model and the synchronization criterion.

    A compiled function as the validator sees it (proofs/README.md maps every
    piece to the C++): a control-flow graph of blocks, each a sequence of
    instructions: data-path sites, waits, and the scalar-register updates the
    thresholds are computed with. Branches are nondeterministic, so every
    trip count (0 included) and every if/else outcome is a path.

    The meaning of a point of a run is given by its history: the list of the
    instructions executed before it, in program order, the most recent
    first. Every quantity of the criterion is a function of the history. *)

From Coq Require Import ZArith List Bool Lia.
Import ListNotations.
Open Scope Z_scope.

(** Instructions. Registers are scalar-register numbers, register 0 reads as
    zero; semaphores and engines are numbers. *)
Inductive instr : Type :=
| ISite (s : nat)                          (* data-path site s *)
| IWait (e sm r : nat) (k : Z)             (* engine e waits sem sm >= r + k *)
| ISet (r : nat) (k : Z)                   (* li r, k *)
| IAdd (r src : nat) (k : Z)               (* addi r, src, k *)
| IDef (r : nat)                           (* any other write of r *)
| IOther.                                  (* inc, semset, barrier: unsupported *)

(** A program. The conflict relation, the agents and the semaphores of the
    sites are given (the dependence analysis is not part of the proof).
    [pmem], [pagent], [cover] and [ptracked] are hints: sets of producer
    sites the validator tracks; [prel] names pairs of them whose latest
    counts may differ by a constant (a snapshot register shared with an
    offset). The checker verifies everything it uses about them. *)
Record prog : Type := {
  pcode : nat -> list instr;          (* block -> its instructions *)
  psucc : nat -> list nat;            (* block -> successors *)
  pblocks : list nat;                 (* the blocks (reachable ones) *)
  pentry : nat;
  nsites : nat;                       (* sites are 0 .. nsites - 1 *)
  nagents : nat;                      (* agents are 0 .. nagents - 1 *)
  sagent : nat -> nat;                (* site -> agent that completes it *)
  sengine : nat -> nat;               (* site -> engine that waits before it *)
  ssem : nat -> option nat;           (* site -> semaphore it increments *)
  agsem : nat -> option nat;          (* agent -> its semaphore *)
  conf : nat -> nat -> bool;          (* conf c s: consumer c conflicts with s *)
  pmem : nat -> nat -> bool;          (* tracked set p contains site s *)
  pagent : nat -> nat;                (* agent of tracked set p *)
  ptracked : list nat;                (* the tracked sets *)
  cover : nat -> nat -> list nat;     (* consumer, agent -> tracked subsets *)
  prel : list ((nat * nat) * Z)       (* ((q2, q1), d): V_q2 = max(0, V_q1 + d) may hold *)
}.

Section Semantics.
Variable p : prog.

(** A producer instance of agent [F]: a site of [F] with a semaphore. *)
Definition producer_of (F : nat) (i : instr) : bool :=
  match i with
  | ISite s => Nat.eqb (sagent p s) F && match ssem p s with Some _ => true | None => false end
  | _ => false
  end.

(** N_F: producer instances of F executed so far. *)
Fixpoint cnt (F : nat) (h : list instr) : Z :=
  match h with
  | [] => 0
  | i :: h' => (if producer_of F i then 1 else 0) + cnt F h'
  end.

(** The count of F right after the latest executed site satisfying [P]
    (0 if none ran). *)
Fixpoint vlast (P : nat -> bool) (F : nat) (h : list instr) : Z :=
  match h with
  | [] => 0
  | ISite s :: h' => if P s then cnt F h else vlast P F h'
  | _ :: h' => vlast P F h'
  end.

(** The sites of F that conflict with consumer c: P(c, F). *)
Definition confset (c F : nat) (s : nat) : bool :=
  Nat.ltb s (nsites p) && Nat.eqb (sagent p s) F && conf p c s.

(** The criterion. T(c, F) at a point with history h: the number of
    F-producer instances up to and including the latest instance before the
    point of a site of F that conflicts with c (0 if none). *)
Definition T (c F : nat) (h : list instr) : Z := vlast (confset c F) F h.

(** Scalar registers. Every engine runs the same control flow on its own copy
    of the registers, so they all see these values. [orc] gives the values
    the model does not know: the initial ones and those of other writes. *)
Variable orc : nat -> nat -> Z.

Fixpoint regv (r : nat) (h : list instr) : Z :=
  if Nat.eqb r 0 then 0 else
  match h with
  | [] => orc 0%nat r
  | ISet d k :: h' => if Nat.eqb d r then k else regv r h'
  | IAdd d s k :: h' => if Nat.eqb d r then regv s h' + k else regv r h'
  | IDef d :: h' => if Nat.eqb d r then orc (length h) r else regv r h'
  | _ :: h' => regv r h'
  end.

(** What engine e has waited for on semaphore sm so far: every wait of e
    on sm blocks until sm >= its value, semaphores only grow, and sm >= 0
    holds from the start. *)
Fixpoint guar (e sm : nat) (h : list instr) : Z :=
  match h with
  | [] => 0
  | IWait e' sm' r k :: h' =>
      if Nat.eqb e e' && Nat.eqb sm sm' then Z.max (guar e sm h') (regv r h' + k)
      else guar e sm h'
  | _ :: h' => guar e sm h'
  end.

(** What engine e waits for on sm, since its latest site, beyond what it had
    already waited for: the largest value of its waits on sm since then that
    were not already implied (0: none). *)
Fixpoint pend (e sm : nat) (h : list instr) : Z :=
  match h with
  | [] => 0
  | IWait e' sm' r k :: h' =>
      if Nat.eqb e e' && Nat.eqb sm sm' then
        if regv r h' + k <=? guar e sm h' then pend e sm h'
        else Z.max (pend e sm h') (regv r h' + k)
      else pend e sm h'
  | ISite s :: h' => if Nat.eqb (sengine p s) e then 0 else pend e sm h'
  | _ :: h' => pend e sm h'
  end.

(** Paths: [reach b i h]: a run reaches instruction i of block b with
    history h. Every successor may be taken, any number of times. *)
Inductive reach : nat -> nat -> list instr -> Prop :=
| reach_entry : reach (pentry p) 0 []
| reach_step : forall b i h ins,
    reach b i h -> nth_error (pcode p b) i = Some ins ->
    reach b (S i) (ins :: h)
| reach_edge : forall b h s,
    reach b (length (pcode p b)) h -> In s (psucc p b) -> reach s 0 h.

End Semantics.

(** Exactness at a consumer instance: for every other agent F (agents are
    0 .. nagents - 1) with a semaphore S, what the consumer's engine has waited for on S is at least
    T(c, F) (sound), and the waits it issued since its previous instruction
    that were not already implied ask for at most T(c, F) (precise). *)
Definition sound_at (p : prog) (orc : nat -> nat -> Z) (c : nat) (h : list instr) : Prop :=
  forall F S, (F < nagents p)%nat -> F <> sagent p c -> agsem p F = Some S ->
    T p c F h <= guar orc (sengine p c) S h.

Definition precise_at (p : prog) (orc : nat -> nat -> Z) (c : nat) (h : list instr) : Prop :=
  (forall F S, (F < nagents p)%nat -> F <> sagent p c -> agsem p F = Some S ->
     pend p orc (sengine p c) S h <= T p c F h) /\
  (* a wait on the consumer's own agent's semaphore, or on one no agent
     increments, holds it back for nothing *)
  (forall S, (forall F, (F < nagents p)%nat -> agsem p F = Some S -> F = sagent p c) ->
     pend p orc (sengine p c) S h = 0).
