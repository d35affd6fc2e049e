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
  f_mod : Z;                (* HBM: offsets from the buffer's base are
                               congruent modulo [f_mod] to [lo, hi) *)
  f_slo : Z; f_shi : Z;     (* HBM, 0 < [f_smod]: the offsets are also *)
  f_smod : Z                (* congruent modulo [f_smod] to [slo, shi) *)
}.

(** Residue intervals [la, ha) mod ma and [lb, hb) mod mb that are apart
    modulo gcd(ma, mb) ([cyclic_disjoint]). *)
Definition cdisj (la ha ma lb hb mb : Z) : bool :=
  (0 <? ma) && (0 <? mb) &&
  (let g := Z.gcd ma mb in
   let d := (lb - la) mod g in
   (ha - la <=? d) && (d + (hb - lb) <=? g)).

(** Two HBM accesses through one argument are apart when a constraint of
    one and a constraint of the other are: the primary one ([known]), the
    secondary one ([0 < smod]: strided rows with gaps, whose hull the
    primary one keeps). *)
Definition hbm_disj (a b : fp) : bool :=
  (f_known a && f_known b && cdisj (f_lo a) (f_hi a) (f_mod a) (f_lo b) (f_hi b) (f_mod b)) ||
  (f_known a && cdisj (f_lo a) (f_hi a) (f_mod a) (f_slo b) (f_shi b) (f_smod b)) ||
  (f_known b && cdisj (f_slo a) (f_shi a) (f_smod a) (f_lo b) (f_hi b) (f_mod b)) ||
  cdisj (f_slo a) (f_shi a) (f_smod a) (f_slo b) (f_shi b) (f_smod b).

(** May a and b touch a common location? [na k]: argument k is noalias. *)
Definition fp_overlap (na : Z -> bool) (a b : fp) : bool :=
  if Bool.eqb (f_chip a) (f_chip b) then
    if f_chip a then
      (f_pb a <? f_pe b) && (f_pb b <? f_pe a) && (f_lo a <? f_hi b) && (f_lo b <? f_hi a)
    else if (f_arg a <? 0) || (f_arg b <? 0) then true
    else if negb (f_arg a =? f_arg b) then negb (na (f_arg a) && na (f_arg b))
    else negb (hbm_disj a b)
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
             else true) &&
            (if 0 <? f_smod f then
               (a - base E (f_arg f) - f_slo f) mod f_smod f <? f_shi f - f_slo f
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

Lemma cdisj_sound la ha ma lb hb mb x :
  cdisj la ha ma lb hb mb = true ->
  (x - la) mod ma < ha - la -> (x - lb) mod mb < hb - lb -> False.
Proof.
  unfold cdisj. intros H Ha Hb.
  repeat match goal with H : _ && _ = true |- _ => apply andb_true_iff in H as [? ?] end.
  rewrite ?Z.leb_le, ?Z.ltb_lt in *.
  eapply (cyclic_disjoint ma mb la lb (ha - la) (hb - lb) x); eauto.
Qed.

Lemma cdisj_pos la ha ma lb hb mb :
  cdisj la ha ma lb hb mb = true -> 0 < ma /\ 0 < mb.
Proof.
  unfold cdisj. intros H.
  repeat match goal with H : _ && _ = true |- _ => apply andb_true_iff in H as [? ?] end.
  rewrite ?Z.ltb_lt in *. auto.
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
    + apply Z.eqb_eq in Eab. rewrite <- Eab. apply negb_false_iff in Ho.
      apply not_true_iff_false. intros Hb.
      apply andb_true_iff in Ha as [Ha Sa]. apply andb_true_iff in Ha as [_ Pa].
      apply andb_true_iff in Hb as [Hb Sb]. apply andb_true_iff in Hb as [_ Pb].
      set (x := ad - base E (f_arg a)) in *.
      assert (Ka : f_known a = true -> 0 < f_mod a -> (x - f_lo a) mod f_mod a < f_hi a - f_lo a).
      { intros K M. rewrite K in Pa. rewrite (proj2 (Z.ltb_lt _ _) M) in Pa.
        apply Z.ltb_lt in Pa. exact Pa. }
      assert (Kb : f_known b = true -> 0 < f_mod b -> (x - f_lo b) mod f_mod b < f_hi b - f_lo b).
      { intros K M. rewrite K in Pb. rewrite (proj2 (Z.ltb_lt _ _) M) in Pb.
        apply Z.ltb_lt in Pb. exact Pb. }
      assert (Ta : 0 < f_smod a -> (x - f_slo a) mod f_smod a < f_shi a - f_slo a).
      { intros M. rewrite (proj2 (Z.ltb_lt _ _) M) in Sa. apply Z.ltb_lt in Sa. exact Sa. }
      assert (Tb : 0 < f_smod b -> (x - f_slo b) mod f_smod b < f_shi b - f_slo b).
      { intros M. rewrite (proj2 (Z.ltb_lt _ _) M) in Sb. apply Z.ltb_lt in Sb. exact Sb. }
      unfold hbm_disj in Ho.
      apply orb_true_iff in Ho as [Ho|Ho]; [apply orb_true_iff in Ho as [Ho|Ho];
        [apply orb_true_iff in Ho as [Ho|Ho]|]|].
      * apply andb_true_iff in Ho as [Ho H]. apply andb_true_iff in Ho as [K1 K2].
        destruct (cdisj_pos _ _ _ _ _ _ H).
        eapply (cdisj_sound _ _ _ _ _ _ x H); auto.
      * apply andb_true_iff in Ho as [K1 H]. destruct (cdisj_pos _ _ _ _ _ _ H).
        eapply (cdisj_sound _ _ _ _ _ _ x H); auto.
      * apply andb_true_iff in Ho as [K2 H]. destruct (cdisj_pos _ _ _ _ _ _ H).
        eapply (cdisj_sound _ _ _ _ _ _ x H); auto.
      * destruct (cdisj_pos _ _ _ _ _ _ Ho).
        eapply (cdisj_sound _ _ _ _ _ _ x Ho); auto.
    + apply negb_false_iff in Ho. apply andb_true_iff in Ho as [Na Nb].
      apply andb_true_iff in Ha as [Ha _]. apply andb_true_iff in Ha as [Ha _].
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
