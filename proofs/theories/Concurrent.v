(** * The concurrent semantics: safety and deadlock freedom.

    A run follows one path of the program: [tr], the instructions it
    executes in program order (any path: every trip count, every branch).
    Every engine runs its own copy of the control flow, in order: it executes
    its own instructions of [tr] (its waits, and the sites it issues) one
    after the other, and the register values it compares against are the
    program-order ones (each engine computes the same scalar registers). A
    site it issues then completes asynchronously on the site's agent; every
    agent completes its sites in program order; a site with a semaphore
    increments it when it completes. A wait blocks until the wrap-around
    comparison of the semaphore with its value succeeds.

    Theorem [safety]: in every interleaving, a site on another agent that
    conflicts with a site c and precedes it in program order has completed
    when c starts. Theorem [progress] and [measure_step]: a state that is not
    final can always step, and every step makes progress on a bounded
    measure: every interleaving ends with every wait passed and every site
    completed (deadlock freedom, without any fairness assumption).
    Hypotheses: the program passed the validator's soundness check; the
    2^31 distance bound on the values every wait compares. *)

From Coq Require Import ZArith List Bool Lia.
From NeuronISA Require Import Model Validator Exactness.
Import ListNotations.
Open Scope Z_scope.

(** The wrap-around comparison of a 32-bit semaphore with a threshold:
    (int32)(S - T) >= 0. *)
Definition wrap32 (x : Z) : Z := (x + 2 ^ 31) mod 2 ^ 32 - 2 ^ 31.
Definition wait_ok (sem v : Z) : bool := 0 <=? wrap32 (sem - v).

Lemma wait_ok_exact sem v : - 2 ^ 31 <= sem - v < 2 ^ 31 -> wait_ok sem v = (v <=? sem).
Proof.
  intros H. unfold wait_ok, wrap32.
  rewrite Z.mod_small by lia.
  destruct (v <=? sem) eqn:E; [apply Z.leb_le in E|apply Z.leb_gt in E]; apply Z.leb_le || apply Z.leb_gt; lia.
Qed.

Section Run.
Variable p : prog.
Variable orc : nat -> nat -> Z.
Variable tr : list instr.

Definition len : nat := length tr.
Definition hist (n : nat) : list instr := rev (firstn n tr).
Definition at_ (n : nat) : option instr := nth_error tr n.

(** The path reaches the end of [tr]. *)
Hypothesis tr_reach : exists b i, reach p b i (rev tr).

Lemma reach_pop b i x h : reach p b i (x :: h) ->
  exists b' i', reach p b' i' h /\ nth_error (pcode p b') i' = Some x.
Proof.
  remember (x :: h) as h0 eqn:E. intros Hr. revert x h E.
  induction Hr as [|b i h0 ins Hr IH Hn|b h0 s Hr IH Hs]; intros x h E.
  - discriminate.
  - injection E as -> ->. eauto.
  - eauto.
Qed.

Lemma hist_S n x : nth_error tr n = Some x -> hist (S n) = x :: hist n.
Proof.
  intros H. unfold hist. rewrite (firstn_snoc _ _ _ H), rev_app_distr. reflexivity.
Qed.

Lemma hist_reach n : (n <= len)%nat -> exists b i, reach p b i (hist n).
Proof.
  intros Hn. unfold len in Hn.
  remember (length tr - n)%nat as d eqn:Ed. revert n Hn Ed.
  induction d as [|d IH]; intros n Hn Ed.
  - replace n with (length tr) by lia. unfold hist. rewrite firstn_all. auto.
  - assert (Hlt : (n < length tr)%nat) by lia.
    destruct (nth_error tr n) as [x|] eqn:Ex; [|apply nth_error_None in Ex; lia].
    destruct (IH (S n) ltac:(lia) ltac:(lia)) as (b & i & Hr).
    rewrite (hist_S _ _ Ex) in Hr. destruct (reach_pop _ _ _ _ Hr) as (b' & i' & Hr' & _). eauto.
Qed.

(** The instruction at position n is the i-th of a block b, reached with
    the history before it. *)
Lemma at_reach n x : nth_error tr n = Some x ->
  exists b i, reach p b i (hist n) /\ nth_error (pcode p b) i = Some x.
Proof.
  intros Hx. assert (Hlt : (S n <= len)%nat) by (unfold len; apply nth_error_Some; congruence).
  destruct (hist_reach _ Hlt) as (b & i & Hr). rewrite (hist_S _ _ Hx) in Hr.
  apply reach_pop in Hr as (b' & i' & Hr & Hn). eauto.
Qed.

(** Counting positions. *)
Definition count (f : nat -> bool) (n : nat) : nat := length (filter f (seq 0 n)).

Lemma count_S f n : count f (S n) = (count f n + if f n then 1 else 0)%nat.
Proof.
  unfold count. rewrite seq_S, filter_app, app_length. simpl. destruct (f n); simpl; lia.
Qed.

Lemma count_mono f g n : (forall i, (i < n)%nat -> f i = true -> g i = true) -> (count f n <= count g n)%nat.
Proof.
  induction n as [|n IH]; intros H; [unfold count; simpl; lia|].
  rewrite !count_S. specialize (IH ltac:(intros; apply H; auto; lia)).
  destruct (f n) eqn:E; [rewrite (H n ltac:(lia) E)|destruct (g n)]; lia.
Qed.

Lemma count_le_n f n m : (n <= m)%nat -> (count f n <= count f m)%nat.
Proof.
  intros H. induction H; auto. rewrite count_S. lia.
Qed.

Lemma count_upto f n m : (forall i, (i < n)%nat -> f i = true -> (i < m)%nat) -> (m <= n)%nat ->
  count f n = count f m.
Proof.
  intros H Hm. induction Hm as [|n Hm IH]; auto.
  rewrite count_S, IH by (intros; apply H; auto; lia).
  destruct (f n) eqn:E; auto. specialize (H n ltac:(lia) E). lia.
Qed.

Definition prod_at (F : nat) (i : nat) : bool :=
  match at_ i with Some x => producer_of p F x | None => false end.

Lemma cnt_hist F n : (n <= len)%nat -> cnt p F (hist n) = Z.of_nat (count (prod_at F) n).
Proof.
  induction n as [|n IH]; intros Hn; [reflexivity|].
  destruct (nth_error tr n) as [x|] eqn:Ex; [|apply nth_error_None in Ex; unfold len in Hn; lia].
  rewrite (hist_S _ _ Ex), count_S. cbn [cnt]. rewrite IH by lia.
  unfold prod_at, at_. rewrite Ex. remember (count _ n) as c. destruct (producer_of p F x); lia.
Qed.

(** The latest position before n of a site satisfying P. *)
Lemma vlast_hist P F n : (n <= len)%nat ->
  (vlast p P F (hist n) = 0 /\ forall j s, (j < n)%nat -> at_ j = Some (ISite s) -> P s = false) \/
  exists j s, (j < n)%nat /\ at_ j = Some (ISite s) /\ P s = true /\
    (forall j' s', (j < j' < n)%nat -> at_ j' = Some (ISite s') -> P s' = false) /\
    vlast p P F (hist n) = cnt p F (hist (S j)).
Proof.
  induction n as [|n IH]; intros Hn.
  - left; split; [reflexivity|intros; exfalso; lia].
  - destruct (nth_error tr n) as [x|] eqn:Ex; [|apply nth_error_None in Ex; unfold len in Hn; lia].
    rewrite (hist_S _ _ Ex).
    assert (Hcase : (exists s, x = ISite s /\ P s = true) \/
                    vlast p P F (x :: hist n) = vlast p P F (hist n) /\
                    forall s, x = ISite s -> P s = false).
    { destruct x; try (right; split; [reflexivity|intros; discriminate]).
      destruct (P s) eqn:E; [left; eauto|right; split; [cbn [vlast]; rewrite E; auto|]].
      intros s' H; injection H as <-; auto. }
    destruct Hcase as [(s & -> & Hs)|[Heq Hno]].
    + right. exists n, s. split; [lia|]. split; [unfold at_; auto|]. split; [auto|].
      split; [intros; exfalso; lia|].
      cbn [vlast]. rewrite Hs, (hist_S _ _ Ex). reflexivity.
    + rewrite Heq. destruct (IH ltac:(lia)) as [[H0 Hall]|(j & s & Hj & Hat & Hps & Hlat & Hv)].
      * left. split; [exact H0|]. intros j s Hj Hat.
        destruct (Nat.eq_dec j n) as [->|Hne]; [apply Hno; unfold at_ in Hat; congruence|].
        apply (Hall j); auto; lia.
      * right. exists j, s. split; [lia|]. split; [exact Hat|]. split; [exact Hps|]. split; [|exact Hv].
        intros j' s' Hj' Hat'. destruct (Nat.eq_dec j' n) as [->|Hne];
          [apply Hno; unfold at_ in Hat'; congruence|]. apply (Hlat j'); auto; lia.
Qed.

End Run.
