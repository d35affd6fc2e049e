(** * Footprints, their disjointness, and why disjoint instructions commute.

    A footprint is what one tile operand of a data-path instruction touches
    (lib/SyncCheck/SyncModel.h computes them from the decoded operands):

    - on chip: partitions [pb, pe) x per-partition bytes [lo, hi) of the
      on-chip address space (SBUF and PSUM are one space: PSUM starts at
      0x400000);
    - in HBM: the bytes of the buffer of kernel argument [arg] whose offset
      from its base is congruent modulo [mod] to one of [lo, hi) ([known];
      [mod] = 2^32 for a known offset: addresses are 32 bits; a smaller
      power of two where a loop moves the pointer by multiples of it), or
      all of that buffer (not [known]), or any HBM byte ([arg] < 0).

    [fp_overlap] is the one disjointness test: the checker computes the
    conflict relation of an object with it (extracted, checker/main.ml).
    [fp_overlap_sound] proves it against the locations a footprint denotes,
    under the launch contract (each access through argument k stays in
    k's buffer; the buffers of two noalias arguments are disjoint).
    [exec_commute] proves, for a memory semantics of data-path instructions
    (each writes its write footprints with values computed from its read
    footprints only), that two instructions without a conflict commute:
    this replaces the hypothesis [commute] of the memory theorem
    (Concurrent.v, [memory_sequential_fp]). *)

From Coq Require Import ZArith List Bool Lia.
Import ListNotations.
Open Scope Z_scope.

Record fp : Type := mkfp {
  f_chip : bool;            (* on chip (else HBM) *)
  f_rd : bool;              (* the access reads *)
  f_wr : bool;              (* the access writes *)
  f_pb : Z; f_pe : Z;       (* on chip: partitions [pb, pe) *)
  f_arg : Z;                (* HBM: the argument, < 0: unknown *)
  f_known : bool;           (* HBM: the offsets known modulo [f_mod] *)
  f_lo : Z; f_hi : Z;       (* the bytes *)
  f_mod : Z                 (* HBM: offsets from the buffer's base are
                               congruent modulo [f_mod] to [lo, hi) *)
}.

(** May a and b touch a common location? [na k]: argument k is noalias. *)
Definition fp_overlap (na : Z -> bool) (a b : fp) : bool :=
  if Bool.eqb (f_chip a) (f_chip b) then
    if f_chip a then
      (f_pb a <? f_pe b) && (f_pb b <? f_pe a) && (f_lo a <? f_hi b) && (f_lo b <? f_hi a)
    else if (f_arg a <? 0) || (f_arg b <? 0) then true
    else if negb (f_arg a =? f_arg b) then negb (na (f_arg a) && na (f_arg b))
    else if f_known a && f_known b && (0 <? f_mod a) && (0 <? f_mod b) then
      let g := Z.gcd (f_mod a) (f_mod b) in
      let d := (f_lo b - f_lo a) mod g in
      negb ((f_hi a - f_lo a <=? d) && (d + (f_hi b - f_lo b) <=? g))
    else true
  else false.

(** Two instructions conflict when an access of one may overlap an access
    of the other and one of the two writes. *)
Definition fp_conflict (na : Z -> bool) (fa fb : list fp) : bool :=
  existsb (fun a => existsb (fun b => fp_overlap na a b && (f_wr a || f_wr b)) fb) fa.

(** ** What a footprint denotes *)

Inductive loc : Type :=
| Chip (part byte : Z)
| Hbm (addr : Z).

(** The launch: each argument's buffer [base k, base k + size k). *)
Record env : Type := mkenv { base : Z -> Z; size : Z -> Z }.

Definition in_buf (E : env) (k a : Z) : bool := (base E k <=? a) && (a <? base E k + size E k).

Definition in_fp (E : env) (f : fp) (l : loc) : bool :=
  match l with
  | Chip pt b => f_chip f && (f_pb f <=? pt) && (pt <? f_pe f) && (f_lo f <=? b) && (b <? f_hi f)
  | Hbm a =>
      negb (f_chip f) &&
      (if f_arg f <? 0 then true
       else in_buf E (f_arg f) a &&
            (if f_known f && (0 <? f_mod f) then
               (a - base E (f_arg f) - f_lo f) mod f_mod f <? f_hi f - f_lo f
             else true))
  end.

(** The launch contract: the buffers of two noalias arguments are disjoint. *)
Definition contract (E : env) (na : Z -> bool) : Prop :=
  forall k j, 0 <= k -> 0 <= j -> k <> j -> na k = true -> na j = true ->
    forall a, in_buf E k a = true -> in_buf E j a = false.

(** Two residue intervals [la, la + ea) mod ma and [lb, lb + eb) mod mb
    that are disjoint modulo gcd(ma, mb) have no common point. *)
Lemma cyclic_disjoint ma mb la lb ea eb x : 0 < ma -> 0 < mb ->
  (x - la) mod ma < ea -> (x - lb) mod mb < eb ->
  ea <= (lb - la) mod (Z.gcd ma mb) -> (lb - la) mod (Z.gcd ma mb) + eb <= Z.gcd ma mb -> False.
Proof.
  intros Ha Hb Ht Hu Hd1 Hd2.
  assert (Hg : 0 < Z.gcd ma mb).
  { pose proof (Z.gcd_nonneg ma mb). destruct (Z.eq_dec (Z.gcd ma mb) 0) as [E|E]; [|lia].
    apply Z.gcd_eq_0_l in E. lia. }
  destruct (Z.gcd_divide_l ma mb) as [al Hal]. destruct (Z.gcd_divide_r ma mb) as [be Hbe].
  remember (Z.gcd ma mb) as g eqn:Eg.
  pose proof (Z.mod_pos_bound (x - la) ma Ha). pose proof (Z.mod_pos_bound (x - lb) mb Hb).
  pose proof (Z.div_mod (x - la) ma ltac:(lia)). pose proof (Z.div_mod (x - lb) mb ltac:(lia)).
  remember ((x - la) mod ma) as t. remember ((x - lb) mod mb) as u.
  remember ((x - la) / ma) as q1. remember ((x - lb) / mb) as q2.
  assert (Ed : lb - la = (t - u) + (al * q1 - be * q2) * g).
  { replace ((al * q1 - be * q2) * g) with (ma * q1 - mb * q2) by (rewrite Hal, Hbe; ring). lia. }
  rewrite Ed, Z.mod_add in Hd1, Hd2 by lia.
  pose proof (Z.div_mod (t - u) g ltac:(lia)). pose proof (Z.mod_pos_bound (t - u) g Hg).
  remember ((t - u) mod g) as r. remember ((t - u) / g) as k.
  destruct (Z.le_gt_cases 0 k); nia.
Qed.

Theorem fp_overlap_sound E na a b l :
  contract E na -> fp_overlap na a b = false ->
  in_fp E a l = true -> in_fp E b l = false.
Proof.
  intros Hc Ho Ha. unfold fp_overlap in Ho. destruct l as [pt byte|ad]; simpl in *.
  - destruct (f_chip a) eqn:Ca; simpl in Ha; [|discriminate].
    destruct (f_chip b) eqn:Cb; simpl; auto. simpl in Ho.
    repeat match goal with H : _ && _ = true |- _ => apply andb_true_iff in H as [? ?] end.
    rewrite ?Z.leb_le, ?Z.ltb_lt in *.
    destruct (f_pb b <=? pt) eqn:E1, (pt <? f_pe b) eqn:E2, (f_lo b <=? byte) eqn:E3,
      (byte <? f_hi b) eqn:E4; simpl; auto.
    rewrite Z.leb_le, Z.ltb_lt in *. exfalso.
    repeat match goal with H : (_ && _) = false |- _ => apply andb_false_iff in H as [H|H] end;
      rewrite Z.ltb_ge in *; lia.
  - destruct (f_chip a) eqn:Ca; simpl in Ha; [discriminate|].
    destruct (f_chip b) eqn:Cb; simpl; auto. simpl in Ho.
    destruct (f_arg a <? 0) eqn:Aa; [simpl in Ho; discriminate|].
    destruct (f_arg b <? 0) eqn:Ab; [simpl in Ho; discriminate|]. simpl in Ho.
    rewrite Z.ltb_ge in Aa, Ab.
    destruct (f_arg a =? f_arg b) eqn:Eab; simpl in Ho.
    + apply Z.eqb_eq in Eab. rewrite <- Eab.
      destruct (f_known a && (0 <? f_mod a)) eqn:Ka; [|simpl in Ha].
      2: { exfalso. destruct (f_known a), (f_known b), (0 <? f_mod a), (0 <? f_mod b);
           simpl in Ka, Ho; try discriminate. }
      destruct (f_known b && (0 <? f_mod b)) eqn:Kb.
      2: { exfalso. destruct (f_known a), (f_known b), (0 <? f_mod a), (0 <? f_mod b);
           simpl in Ka, Kb, Ho; try discriminate. }
      apply andb_true_iff in Ka as [Ka Ma]. apply andb_true_iff in Kb as [Kb Mb].
      rewrite Ka, Kb, Ma, Mb in Ho. simpl in Ho. apply negb_false_iff in Ho.
      apply andb_true_iff in Ho as [D1 D2]. rewrite Z.leb_le in D1, D2. rewrite Z.ltb_lt in Ma, Mb.
      apply andb_true_iff in Ha as [Hba Ha].
      destruct (in_buf E (f_arg a) ad); simpl; auto.
      apply not_true_iff_false. intros Hb. rewrite Z.ltb_lt in Ha, Hb.
      apply (cyclic_disjoint (f_mod a) (f_mod b) (f_lo a) (f_lo b) (f_hi a - f_lo a) (f_hi b - f_lo b)
               (ad - base E (f_arg a))); auto;
        replace (ad - base E (f_arg a) - f_lo _) with (ad - base E (f_arg a) - f_lo _) by ring; auto.
    + apply negb_false_iff in Ho. apply andb_true_iff in Ho as [Na Nb].
      apply andb_true_iff in Ha as [Ha _].
      rewrite (Hc (f_arg a) (f_arg b) Aa Ab ltac:(apply Z.eqb_neq; auto) Na Nb ad Ha). auto.
Qed.

(** ** A memory semantics of data-path instructions *)

Section Semantics.
Variable V : Type.
Variable E : env.
Definition mem := loc -> V.

(** A data-path instruction: its footprints, and the values it writes, as a
    function of the memory before it. *)
Record dinstr : Type := mkdinstr { d_fps : list fp; d_out : mem -> loc -> V }.

Definition writes (i : dinstr) (l : loc) : bool := existsb (fun f => f_wr f && in_fp E f l) (d_fps i).
Definition touches (i : dinstr) (l : loc) : bool := existsb (fun f => in_fp E f l) (d_fps i).
Definition reads (i : dinstr) (l : loc) : bool := existsb (fun f => f_rd f && in_fp E f l) (d_fps i).

(** The ISA's rule: what an instruction writes depends only on what it
    reads (an accumulating write reads its destination: [f_rd]). *)
Definition local (i : dinstr) : Prop :=
  forall m1 m2, (forall l, reads i l = true -> m1 l = m2 l) ->
    forall l, writes i l = true -> d_out i m1 l = d_out i m2 l.

Definition exec (i : dinstr) (m : mem) : mem :=
  fun l => if writes i l then d_out i m l else m l.

Lemma exec_ext i m1 m2 : local i -> (forall l, m1 l = m2 l) -> forall l, exec i m1 l = exec i m2 l.
Proof.
  intros Hl H l. unfold exec. destruct (writes i l) eqn:W; [apply Hl|]; auto.
Qed.

Lemma existsb_in_fp (P : fp -> bool) fs l :
  existsb (fun f => P f && in_fp E f l) fs = true -> exists f, In f fs /\ P f = true /\ in_fp E f l = true.
Proof.
  intros H. apply existsb_exists in H as (f & Hin & H). apply andb_true_iff in H as [H1 H2]. eauto.
Qed.

(** Where j writes or i writes, the other does not touch, unless they
    conflict. *)
Lemma no_shared na j i l : contract E na -> fp_conflict na (d_fps j) (d_fps i) = false ->
  (writes j l = true -> touches i l = false) /\ (writes i l = true -> touches j l = false).
Proof.
  intros Hc Hf. unfold fp_conflict in Hf.
  assert (Hpair : forall a b, In a (d_fps j) -> In b (d_fps i) -> f_wr a || f_wr b = true ->
                              in_fp E a l = true -> in_fp E b l = false).
  { intros a b Ha Hb Hw Hal. destruct (fp_overlap na a b) eqn:Ho.
    - exfalso. assert (existsb (fun a => existsb (fun b => fp_overlap na a b && (f_wr a || f_wr b))
                          (d_fps i)) (d_fps j) = true) as Ht.
      { apply existsb_exists. exists a; split; auto. apply existsb_exists. exists b; split; auto.
        rewrite Ho, Hw. auto. }
      congruence.
    - eapply fp_overlap_sound; eauto. }
  split; intros Hw.
  - apply (existsb_in_fp f_wr) in Hw as (a & Ha & Hwa & Hal).
    unfold touches. apply not_true_iff_false. intros Ht.
    apply existsb_exists in Ht as (b & Hb & Hbl).
    rewrite (Hpair a b Ha Hb ltac:(rewrite Hwa; auto) Hal) in Hbl. discriminate.
  - apply (existsb_in_fp f_wr) in Hw as (b & Hb & Hwb & Hbl).
    unfold touches. apply not_true_iff_false. intros Ht.
    apply existsb_exists in Ht as (a & Ha & Hal).
    rewrite (Hpair a b Ha Hb ltac:(rewrite Hwb, orb_true_r; auto) Hal) in Hbl. discriminate.
Qed.

Lemma reads_touches i l : reads i l = true -> touches i l = true.
Proof.
  unfold reads, touches. intros H. apply (existsb_in_fp f_rd) in H as (f & Hf & _ & Hl).
  apply existsb_exists. eauto.
Qed.

Lemma writes_touches i l : writes i l = true -> touches i l = true.
Proof.
  unfold writes, touches. intros H. apply (existsb_in_fp f_wr) in H as (f & Hf & _ & Hl).
  apply existsb_exists. eauto.
Qed.

(** Instructions without a conflict commute. *)
Theorem exec_commute na i j m : contract E na -> local i -> local j ->
  fp_conflict na (d_fps j) (d_fps i) = false ->
  forall l, exec i (exec j m) l = exec j (exec i m) l.
Proof.
  intros Hc Hi Hj Hf l.
  destruct (no_shared na j i l Hc Hf) as [Hji Hij].
  change (exec i (exec j m) l) with (if writes i l then d_out i (exec j m) l else exec j m l).
  change (exec j (exec i m) l) with (if writes j l then d_out j (exec i m) l else exec i m l).
  assert (Hei : forall l', reads i l' = true -> exec j m l' = m l').
  { intros l' Hr. unfold exec. destruct (writes j l') eqn:Wj'; auto. exfalso.
    destruct (no_shared na j i l' Hc Hf) as [H _]. specialize (H Wj').
    rewrite (reads_touches i l' Hr) in H. discriminate. }
  assert (Hej : forall l', reads j l' = true -> exec i m l' = m l').
  { intros l' Hr. unfold exec. destruct (writes i l') eqn:Wi'; auto. exfalso.
    destruct (no_shared na j i l' Hc Hf) as [_ H]. specialize (H Wi').
    rewrite (reads_touches j l' Hr) in H. discriminate. }
  destruct (writes i l) eqn:Wi, (writes j l) eqn:Wj.
  - exfalso. specialize (Hji eq_refl). rewrite (writes_touches i l Wi) in Hji. discriminate.
  - transitivity (d_out i m l); [exact (Hi (exec j m) m Hei l Wi)|].
    unfold exec. rewrite Wi. auto.
  - transitivity (d_out j m l); [|symmetry; exact (Hj (exec i m) m Hej l Wj)].
    unfold exec. rewrite Wj. auto.
  - unfold exec. rewrite Wi, Wj. auto.
Qed.

End Semantics.
