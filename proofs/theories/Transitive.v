(** * Ordering through other agents (happens-before chains).

    A consumer c on engine E need not wait on agent F's semaphore when it
    waits on another agent G's, and G's engine had waited for F before it
    issued the G instance that E waits for: ACT -> DVE -> SP, where SP
    waits on DVE and DVE waited on ACT. Once that G instance has completed,
    it has started, so G's engine had passed its waits, and F had completed
    what they asked for (the proof is [Concurrent.safety]).

    The validator tracks this with facts (q, q') over tracked sets, a must
    analysis run beside the facts of [Validator.v]: "V_q' is at most what
    the engine of the latest site of q had waited for, on the semaphore of
    q''s agent, when it issued that site" ([hholds]). Every fact holds at
    the entry (every V is 0); a site of q makes it when its engine has
    waited for q' ([gdom]) and is not in q'; a site of q' drops it;
    nothing else changes it. At a consumer c, a conflicting site of F in a
    tracked set q' of [cover c F] is covered when c's engine E has waited
    for q' on F's semaphore ([gdom]), or for some tracked set q of another
    agent G on G's semaphore, with (q, q') holding and every site of q a
    producer of G ([tdom]). A chain has one intermediate agent: what G's
    engine knew through a chain of its own does not count.

    The facts at block entries come from an untrusted fixpoint
    ([hinvariant], from candidate pairs the driver proposes); [check_t]
    verifies that they are inductive, with the checks of [check_with]'s
    soundness mode, the consumer check relaxed to [check_site_t]. *)

From Coq Require Import ZArith List Bool Lia.
From NeuronISA Require Import Model Validator Exactness.
Import ListNotations.
Open Scope Z_scope.

Definition hfacts : Type := list (nat * nat).

Section Checker.
Variable p : prog.

(** At a site s, the facts of sets other than s's are kept; a fact (q, q')
    with s in q and not in q' is made, from the candidates [U], when the
    engine of s has waited for q' ([gdom]): after s, the latest site of q
    is s, and V_q' has not changed. *)
Definition hkeep (s : nat) (x : nat * nat) : bool :=
  negb (pmem p (fst x) s) && negb (pmem p (snd x) s).

Definition hgen (a : astate) (s : nat) (x : nat * nat) : bool :=
  pmem p (fst x) s && negb (pmem p (snd x) s) &&
  match agsem p (pagent p (snd x)) with
  | Some S0 => gdom p a (sengine p s, S0) (snd x)
  | None => true
  end.

Definition htransfer (U : hfacts) (a : astate) (H : hfacts) (i : instr) : hfacts :=
  match i with
  | ISite s => filter (hkeep s) H ++ filter (hgen a s) U
  | _ => H
  end.

(** Both analyses through a list of instructions: the facts of [a] decide
    what a site makes. *)
Fixpoint hrun (U : hfacts) (a : astate) (H : hfacts) (l : list instr) : hfacts :=
  match l with
  | [] => H
  | i :: l' => hrun U (transfer p a i) (htransfer U a H i) l'
  end.

(** Every site of tracked set q is a producer of q's agent. *)
Definition qprod (q : nat) : bool :=
  forallb (fun s => negb (pmem p q s) || (Nat.eqb (sagent p s) (pagent p q) && isprod p s))
          (seq 0 (nsites p)).

(** V_q' is at most what engine e is ordered after, through a tracked set
    of another agent it has waited for. *)
Definition tdom (a : astate) (H : hfacts) (e q' : nat) : bool :=
  existsb (fun x => Nat.eqb (snd x) q' &&
     match agsem p (pagent p (fst x)) with
     | Some SG => gdom p a (e, SG) (fst x) && qprod (fst x)
     | None => false
     end) H.

Definition check_site_t (a : astate) (H : hfacts) (c : nat) : list diag :=
  let e := sengine p c in
  flat_map (fun F =>
    if Nat.eqb F (sagent p c) then [] else
    match agsem p F with
    | None => []
    | Some S0 =>
        if forallb (fun s => negb (confsetb p c F s) ||
                              existsb (fun q => pmem p q s && (gdom_sub p a (e, S0) q || tdom a H e q))
                                      (cover p c F))
                   (seq 0 (nsites p))
        then [] else [DUnsound c F]
    end) (seq 0 (nagents p)).

Definition check_instr_t (a : astate) (H : hfacts) (b i : nat) (ins : instr) : list diag :=
  match ins with
  | ISite c => check_site_t a H c
  | IWait _ sm r k => check_wait p a b i sm r k
  | IOther => [DUnsupported b i]
  | _ => []
  end.

Fixpoint check_instrs_t (U : hfacts) (a : astate) (H : hfacts) (b i : nat) (l : list instr) : list diag :=
  match l with
  | [] => []
  | ins :: l' => check_instr_t a H b i ins ++
                 check_instrs_t U (transfer p a ins) (htransfer U a H ins) b (S i) l'
  end.

Definition hat (hinv : list (nat * hfacts)) (b : nat) : hfacts :=
  match lookn hinv b with Some H => H | None => [] end.

Definition hsub (H1 H2 : hfacts) : bool := forallb (fun x => existsb (keq x) H2) H1.

Definition check_t (inv : list (nat * (nat * astate))) (hinv : list (nat * hfacts)) (U : hfacts)
  : list diag :=
  check_tables p ++
  (match inv_at inv (pentry p) with
   | Some a0 => if astate_eq_dec (join (init p) a0) a0 then [] else [DEdge (pentry p) (pentry p)]
   | None => [DEdge (pentry p) (pentry p)]
   end) ++
  flat_map (fun b =>
     match inv_at inv b with
     | None => []
     | Some a =>
         let H := hat hinv b in
         let post := fold_left (transfer p) (pcode p b) a in
         let hpost := hrun U a H (pcode p b) in
         check_instrs_t U a H b 0 (pcode p b) ++
         flat_map (fun s => match inv_at inv s with
                            | Some a' => if astate_eq_dec (join post a') a'
                                         then (if hsub (hat hinv s) hpost then [] else [DEdge b s])
                                         else [DEdge b s]
                            | None => [DEdge b s]
                            end) (psucc p b)
     end) (pblocks p).

(** The untrusted fixpoint: from the candidate facts at every block, drop
    at each edge what the source block's end does not keep. *)
Definition hpass (U : hfacts) (inv : list (nat * (nat * astate))) (hinv : list (nat * hfacts))
  : list (nat * hfacts) :=
  fold_left (fun hi b =>
     match inv_at inv b with
     | None => hi
     | Some a =>
         let hpost := hrun U a (hat hi b) (pcode p b) in
         fold_left (fun hi' s => setn s (filter (fun x => existsb (keq x) hpost) (hat hi' s)) hi')
                   (psucc p b) hi
     end) (pblocks p) hinv.

Definition hsize (hinv : list (nat * hfacts)) : nat :=
  fold_left (fun n b => (n + length (hat hinv b))%nat) (pblocks p) 0%nat.

Fixpoint hiterate (U : hfacts) (fuel : nat) (inv : list (nat * (nat * astate)))
  (hinv : list (nat * hfacts)) : list (nat * hfacts) :=
  match fuel with
  | O => hinv
  | S f => let h' := hpass U inv hinv in
           if Nat.eqb (hsize h') (hsize hinv) then h' else hiterate U f inv h'
  end.

Definition hinvariant (inv : list (nat * (nat * astate))) (cands : hfacts) : list (nat * hfacts) :=
  hiterate cands (S (length cands * length (pblocks p))) inv (map (fun b => (b, cands)) (pblocks p)).

End Checker.

(** ** Soundness of the facts *)

Section Sem.
Variable p : prog.
Variable orc : nat -> nat -> Z.

(** What the engine of the latest site of q had waited for on S when it
    issued that site (0 if no site of q ran). *)
Fixpoint gb (q S : nat) (h : list instr) : Z :=
  match h with
  | [] => 0
  | ISite s :: h' => if pmem p q s then guar orc (sengine p s) S h' else gb q S h'
  | _ :: h' => gb q S h'
  end.

Definition hholds (h : list instr) (x : nat * nat) : Prop :=
  forall S, agsem p (pagent p (snd x)) = Some S -> bval p (BV (snd x)) h <= gb (fst x) S h.

Lemma htransfer_sound U a H h i :
  sat p orc a h -> (forall x, In x H -> hholds h x) ->
  forall x, In x (htransfer p U a H i) -> hholds (i :: h) x.
Proof.
  intros Hs HH x Hx S HS. destruct i; cbn [htransfer] in Hx;
    try (specialize (HH x Hx S HS); cbn [bval vlast gb] in *; exact HH).
  cbn [bval vlast gb] in *. apply in_app_or in Hx as [Hx|Hx].
  - apply filter_In in Hx as [Hx Hk]. specialize (HH x Hx S HS). unfold hkeep in Hk.
    apply andb_true_iff in Hk as [H1 H2]. apply negb_true_iff in H1, H2.
    cbn [bval] in HH. rewrite H1, H2. exact HH.
  - apply filter_In in Hx as [_ Hk]. unfold hgen in Hk.
    apply andb_true_iff in Hk as [Hk H3]. apply andb_true_iff in Hk as [H1 H2].
    apply negb_true_iff in H2. rewrite H1, H2. rewrite HS in H3.
    exact (gdom_sound p orc a h (sengine p s, S) (snd x) Hs H3).
Qed.

Lemma hrun_app U a H l1 l2 :
  hrun p U a H (l1 ++ l2) = hrun p U (fold_left (transfer p) l1 a) (hrun p U a H l1) l2.
Proof.
  revert a H; induction l1 as [|i l1 IH]; intros a H; simpl; auto.
Qed.

Lemma check_instrs_t_each U a H b i l :
  check_instrs_t p U a H b i l = [] ->
  forall j ins, nth_error l j = Some ins ->
    check_instr_t p (fold_left (transfer p) (firstn j l) a) (hrun p U a H (firstn j l)) b (i + j) ins = [].
Proof.
  revert a H i; induction l as [|ins0 l IH]; intros a H i Hc j ins Hj; [destruct j; discriminate|].
  simpl in Hc. apply app_eq_nil in Hc as [H1 H2].
  destruct j as [|j]; simpl in Hj.
  - injection Hj as <-. rewrite Nat.add_0_r. exact H1.
  - simpl. replace (i + S j)%nat with (S i + j)%nat by lia. apply IH; auto.
Qed.

(** What [check_t ... = []] says. *)
Record accepted_t (inv : list (nat * (nat * astate))) (hinv : list (nat * hfacts)) (U : hfacts) : Prop := {
  act_tables : check_tables p = [];
  act_entry : exists a0, inv_at inv (pentry p) = Some a0 /\ join (init p) a0 = a0;
  act_blocks : forall b a, In b (pblocks p) -> inv_at inv b = Some a ->
    check_instrs_t p U a (hat hinv b) b 0 (pcode p b) = [] /\
    forall s, In s (psucc p b) ->
      exists a', inv_at inv s = Some a' /\ join (fold_left (transfer p) (pcode p b) a) a' = a' /\
                 hsub (hat hinv s) (hrun p U a (hat hinv b) (pcode p b)) = true
}.

Lemma accepted_t_of_check inv hinv U : check_t p inv hinv U = [] -> accepted_t inv hinv U.
Proof.
  unfold check_t. intros H.
  apply app_eq_nil in H as [Ht H]. apply app_eq_nil in H as [He Hb].
  constructor; auto.
  - destruct (inv_at inv (pentry p)) as [a0|]; [|discriminate].
    destruct (astate_eq_dec (join (init p) a0) a0); [eauto|discriminate].
  - intros b a Hin Hinv. pose proof (flat_map_nil _ _ Hb b Hin) as H. cbv beta in H.
    rewrite Hinv in H. apply app_eq_nil in H as [H1 H2]. split; [exact H1|].
    intros s Hs. pose proof (flat_map_nil _ _ H2 s Hs) as H3. cbv beta in H3.
    destruct (inv_at inv s) as [a'|]; [|discriminate].
    destruct (astate_eq_dec _ a'); [|discriminate].
    destruct (hsub _ _) eqn:Hh; [eauto|discriminate].
Qed.

Lemma hsub_in H1 H2 x : hsub H1 H2 = true -> In x H1 -> In x H2.
Proof.
  unfold hsub. intros H Hx. rewrite forallb_forall in H. specialize (H x Hx).
  apply existsb_exists in H as (y & Hy & E). apply keq_eq in E. subst; auto.
Qed.

(** The invariant: at every point of every path, the facts of both
    analyses hold. *)
Theorem invariant_t inv hinv U :
  check_t p inv hinv U = [] ->
  forall b i h, reach p b i h ->
    In b (pblocks p) /\ (i <= length (pcode p b))%nat /\
    (forall s, In (ISite s) h -> (s < nsites p)%nat) /\
    exists a, inv_at inv b = Some a /\ sat p orc (fold_left (transfer p) (firstn i (pcode p b)) a) h /\
      forall x, In x (hrun p U a (hat hinv b) (firstn i (pcode p b))) -> hholds h x.
Proof.
  intros Hc. pose proof (accepted_t_of_check _ _ _ Hc) as Hacc.
  pose proof (tables_succ p (act_tables _ _ _ Hacc)) as [Hentry Hsucc].
  induction 1 as [|b i h ins Hr IH Hn|b h s Hr IH Hs].
  - destruct (act_entry _ _ _ Hacc) as (a0 & Ha0 & Hj).
    repeat split; auto; [simpl; lia|intros s []|].
    exists a0; split; auto. split.
    + simpl. rewrite <- Hj. apply join_sound_post. apply init_sound.
    + intros x _ S _. cbn [bval vlast gb]. lia.
  - destruct IH as (Hb & Hi & Hsites & a & Ha & Hs & HH). repeat split; auto.
    + apply nth_error_Some. congruence.
    + intros s [Hs'|Hs']; auto. subst ins.
      apply (tables_sites p (act_tables _ _ _ Hacc) b s Hb). eapply nth_error_In; eauto.
    + exists a; split; auto. rewrite (firstn_snoc _ _ _ Hn), fold_left_app, hrun_app. simpl. split.
      * apply transfer_sound; auto.
      * apply htransfer_sound with (a := fold_left (transfer p) (firstn i (pcode p b)) a); auto.
  - destruct IH as (Hb & Hi & Hsites & a & Ha & Hsat & HH).
    split; [eapply Hsucc; eauto|]. split; [simpl; lia|]. split; [auto|].
    destruct (act_blocks _ _ _ Hacc b a Hb Ha) as [_ Hedges].
    destruct (Hedges s Hs) as (a' & Ha' & Hj & Hsub). exists a'; split; auto. simpl. split.
    + rewrite <- Hj. apply join_sound_post. rewrite firstn_all in Hsat. auto.
    + intros x Hx. apply HH. rewrite firstn_all. eapply hsub_in; eauto.
Qed.

(** What a consumer's engine is ordered after, at a consumer of an
    accepted program: for every conflicting site of every other agent F,
    a tracked set that holds it whose V is at most what the engine waited
    for on F's semaphore, or at most what the engine of the latest site of
    a tracked set of producers of an agent G had waited for on it, where
    the engine waited on G's semaphore for that set. *)
Theorem validated_ordered inv hinv U :
  check_t p inv hinv U = [] ->
  forall b i h c, reach p b i h -> nth_error (pcode p b) i = Some (ISite c) ->
  forall F S, (F < nagents p)%nat -> F <> sagent p c -> agsem p F = Some S ->
    cover_ok p c F h /\
    forall s, confset p c F s = true -> exists q, In q (cover p c F) /\ pmem p q s = true /\
      (bval p (BV q) h <= guar orc (sengine p c) S h \/
       exists qG SG, agsem p (pagent p qG) = Some SG /\ qprod p qG = true /\
         bval p (BV qG) h <= guar orc (sengine p c) SG h /\ bval p (BV q) h <= gb qG S h).
Proof.
  intros Hc b i h c Hr Hn F S HF Hne HS.
  pose proof (accepted_t_of_check _ _ _ Hc) as Hacc.
  destruct (invariant_t _ _ _ Hc _ _ _ Hr) as (Hb & _ & Hsites & a & Ha & Hs & HH).
  destruct (act_blocks _ _ _ Hacc b a Hb Ha) as [Hchk _].
  pose proof (check_instrs_t_each _ _ _ _ _ _ Hchk i _ Hn) as Hsite. simpl in Hsite.
  assert (Hcn : (c < nsites p)%nat)
    by (apply (tables_sites p (act_tables _ _ _ Hacc) b c Hb); eapply nth_error_In; eauto).
  set (a1 := fold_left (transfer p) (firstn i (pcode p b)) a) in *.
  set (H1 := hrun p U a (hat hinv b) (firstn i (pcode p b))) in *.
  split.
  { intros q Hq. destruct (tables_cover p (act_tables _ _ _ Hacc) c F q Hcn HF Hq) as [Ha' Hsub].
    split; auto. }
  intros s Hps.
  unfold check_site_t in Hsite.
  pose proof (flat_map_nil _ _ Hsite F ltac:(apply in_seq; lia)) as H0. cbv beta in H0.
  rewrite (proj2 (Nat.eqb_neq F (sagent p c)) Hne), HS in H0.
  destruct (forallb _ _) eqn:Hall; [|discriminate]. clear H0.
  assert (Hlt : (s < nsites p)%nat).
  { unfold confset in Hps. apply andb_true_iff in Hps as [Hps _]. apply andb_true_iff in Hps as [Hps _].
    apply Nat.ltb_lt; auto. }
  rewrite forallb_forall in Hall. specialize (Hall s ltac:(apply in_seq; lia)).
  unfold confsetb in Hall. fold (confset p c F s) in Hall. rewrite Hps in Hall.
  cbn [negb orb] in Hall. apply existsb_exists in Hall as (q & Hq & Hc').
  apply andb_true_iff in Hc' as [Hm Hg]. exists q; split; [auto|]; split; [auto|].
  apply orb_true_iff in Hg as [Hg|Hg]; [left; apply (gdom_sub_sound p orc _ _ _ _ Hs Hsites Hg)|right].
  unfold tdom in Hg. apply existsb_exists in Hg as ([qG q'] & Hx & Hc'). cbn [fst snd] in Hc'.
  apply andb_true_iff in Hc' as [Hq' Hc']. apply Nat.eqb_eq in Hq'; subst q'.
  destruct (agsem p (pagent p qG)) as [SG|] eqn:HSG; [|discriminate].
  apply andb_true_iff in Hc' as [Hgd Hqp].
  exists qG, SG. repeat split; auto.
  - apply (gdom_sound p orc _ _ _ _ Hs Hgd).
  - destruct (tables_cover p (act_tables _ _ _ Hacc) c F q Hcn HF Hq) as [Ha' _].
    apply (HH _ Hx S). cbn [snd]. rewrite Ha'. exact HS.
Qed.

Theorem validated_waits_t inv hinv U :
  check_t p inv hinv U = [] ->
  forall b i h e sm r k, reach p b i h -> nth_error (pcode p b) i = Some (IWait e sm r k) ->
    regv orc r h + k <= match semag p sm with Some F => cnt p F h | None => 0 end.
Proof.
  intros Hc b i h e sm r k Hr Hn.
  pose proof (accepted_t_of_check _ _ _ Hc) as Hacc.
  destruct (invariant_t _ _ _ Hc _ _ _ Hr) as (Hb & _ & _ & a & Ha & Hs & _).
  destruct (act_blocks _ _ _ Hacc b a Hb Ha) as [Hchk _].
  pose proof (check_instrs_t_each _ _ _ _ _ _ Hchk i _ Hn) as Hw. simpl in Hw.
  eapply check_wait_sound; eauto.
Qed.

(** The latest site of q in a history: both V_q and [gb] are read there. *)
Lemma gb_latest q S F h :
  (vlast p (pmem p q) F h = 0 /\ gb q S h = 0) \/
  exists h1 x h0, h = h1 ++ ISite x :: h0 /\ pmem p q x = true /\
    vlast p (pmem p q) F h = cnt p F (ISite x :: h0) /\ gb q S h = guar orc (sengine p x) S h0.
Proof.
  induction h as [|i h IH]; [left; auto|].
  destruct (match i with ISite s => pmem p q s | _ => false end) eqn:E.
  - destruct i; try discriminate. right. exists [], s, h. cbn [vlast gb]. rewrite E. auto.
  - assert (Hv : vlast p (pmem p q) F (i :: h) = vlast p (pmem p q) F h /\ gb q S (i :: h) = gb q S h)
      by (destruct i; cbn [vlast gb]; try rewrite E; auto).
    destruct Hv as [-> ->].
    destruct IH as [IH|(h1 & x & h0 & -> & Hx & Hv & Hg)]; [left; auto|right].
    exists (i :: h1), x, h0. auto.
Qed.

End Sem.

Lemma check_t_tables p inv hinv U : check_t p inv hinv U = [] -> check_tables p = [].
Proof. unfold check_t. intros H. apply app_eq_nil in H as [H _]. exact H. Qed.
